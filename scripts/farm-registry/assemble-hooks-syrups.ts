// Every version of the syrup lists interface-v2 kept in its code before it had a stake.json: the constants
// SYRUP_REWARDS_INFO and OLD_SYRUP_REWARDS_INFO of src/state/stake/hooks.ts in QuickSwap/interface-v2 (2021-11-07 to
// 2022-01-20, when 90b4c85 moved them to src/constants/stake.json).
//
//   npx tsx scripts/farm-registry/assemble-hooks-syrups.ts <git dir of a clone of that repository> [commit]
//
// writes docs/quickswap-syrup-lists/interface-v2_hooks-ts-syrups-all-versions.json: one row per commit that changed
// the file in the history of `commit` (git log's default history; default: the commit the committed file was made
// from) and declares either constant, oldest first, with the SHA-256 of the file's bytes at that commit and the
// entries of each constant's `[ChainId.MATIC]` array. The file is parsed with TypeScript's parser, not run: the token
// fields (token, baseToken, stakingToken) are kept as the source text of their expression (`ELON`,
// `GlobalConst.tokens.PSP`, `returnTokenFromKey('PSP')`), every other field as the value of its string, number or
// boolean literal; anything else stops the script.
// Needs git and the clone, nothing else. scripts/farm-registry/build-syrups.ts reads the file.

import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import {
  HOOKS_SYRUP_COMMIT,
  HOOKS_SYRUP_LISTS,
  HOOKS_TOKEN_FIELDS,
  type HooksSyrupVersion,
  hooksSyrupsPath,
  repoRoot,
} from './build-syrups.ts';

const HOOKS_PATH = 'src/state/stake/hooks.ts';

function git(gitDir: string, args: string[]): Buffer {
  return execFileSync('git', ['--git-dir', gitDir, ...args], { maxBuffer: 256 * 1024 * 1024 });
}

function value(field: string, node: ts.Expression, source: ts.SourceFile, where: string): unknown {
  const isLiteral = ts.isStringLiteral(node) || ts.isNumericLiteral(node) || isBoolean(node);
  if ((HOOKS_TOKEN_FIELDS as readonly string[]).includes(field)) {
    if (isLiteral) throw new Error(`${where}.${field}: a literal, not a token`);
    return node.getText(source);
  }
  if (ts.isStringLiteral(node)) return node.text;
  if (ts.isNumericLiteral(node)) return Number(node.text);
  if (isBoolean(node)) return node.kind === ts.SyntaxKind.TrueKeyword;
  throw new Error(`${where}.${field}: ${node.getText(source)} is not a literal`);
}

function isBoolean(node: ts.Expression): boolean {
  return node.kind === ts.SyntaxKind.TrueKeyword || node.kind === ts.SyntaxKind.FalseKeyword;
}

function propertyName(node: ts.ObjectLiteralElementLike, source: ts.SourceFile, where: string): string {
  if (!ts.isPropertyAssignment(node)) throw new Error(`${where}: ${node.getText(source)} is not a property`);
  const name = node.name;
  if (ts.isComputedPropertyName(name)) return name.expression.getText(source);
  if (ts.isIdentifier(name) || ts.isStringLiteral(name)) return name.text;
  throw new Error(`${where}: property name ${name.getText(source)}`);
}

/** Each constant's `[ChainId.MATIC]` entries, with every property as written. */
function syrupLists(text: string, where: string): Partial<Record<string, Record<string, unknown>[]>> {
  const source = ts.createSourceFile(HOOKS_PATH, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const lists: Partial<Record<string, Record<string, unknown>[]>> = {};
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      const name = declaration.name.getText(source);
      if (!(HOOKS_SYRUP_LISTS as readonly string[]).includes(name)) continue;
      const init = declaration.initializer;
      if (!init || !ts.isObjectLiteralExpression(init)) throw new Error(`${where} ${name}: not an object`);
      for (const chain of init.properties) {
        const chainKey = propertyName(chain, source, `${where} ${name}`);
        if (chainKey !== 'ChainId.MATIC') throw new Error(`${where} ${name}: chain ${chainKey}`);
        const array = (chain as ts.PropertyAssignment).initializer;
        if (!ts.isArrayLiteralExpression(array)) throw new Error(`${where} ${name}: not an array`);
        lists[name] = array.elements.map((element, index) => {
          if (!ts.isObjectLiteralExpression(element))
            throw new Error(`${where} ${name}[${index}]: not an object`);
          return Object.fromEntries(
            element.properties.map((property) => {
              const field = propertyName(property, source, `${where} ${name}[${index}]`);
              const node = (property as ts.PropertyAssignment).initializer;
              return [field, value(field, node, source, `${where} ${name}[${index}]`)];
            }),
          );
        });
      }
    }
  }
  return lists;
}

function assembleHooksSyrups(gitDir: string, commit: string): HooksSyrupVersion[] {
  const log = git(gitDir, [
    'log',
    '--reverse',
    '--topo-order',
    commit,
    '--format=%H %ad',
    '--date=short',
    '--',
    HOOKS_PATH,
  ]);
  const versions: HooksSyrupVersion[] = [];
  for (const line of log.toString('utf8').split('\n').filter(Boolean)) {
    const [hash, date] = line.split(' ') as [string, string];
    if (git(gitDir, ['ls-tree', hash, '--', HOOKS_PATH]).length === 0) continue;
    const bytes = git(gitDir, ['show', `${hash}:${HOOKS_PATH}`]);
    const lists = syrupLists(bytes.toString('utf8'), hash);
    if (Object.keys(lists).length === 0) continue;
    versions.push({
      path: HOOKS_PATH,
      commit: hash,
      date,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      lists,
    });
  }
  return versions;
}

const gitDir = process.argv[2];
if (!gitDir) {
  console.error('usage: assemble-hooks-syrups.ts <git dir of QuickSwap/interface-v2> [commit]');
  process.exit(2);
}
const versions = assembleHooksSyrups(gitDir, process.argv[3] ?? HOOKS_SYRUP_COMMIT);
writeFileSync(hooksSyrupsPath, `${JSON.stringify(versions, null, 2)}\n`);
console.log(`wrote ${path.relative(repoRoot, hooksSyrupsPath)}: ${versions.length} versions`);
