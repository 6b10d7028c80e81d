// Every version of the vault lists QuickSwap's interface-v2 kept in its code for Polygon: GammaPairs, IchiVaults and
// DefiedgeStrategies in src/constants/index.ts, the Gamma MasterChefs and Steer's registry and periphery in
// src/constants/v3/addresses.ts, and the Steer URLs of .env (interface-v2 lists no Steer vault: it asks Steer's API).
//
//   npx tsx scripts/farm-registry/assemble-vault-lists.ts <git dir of a clone of QuickSwap/interface-v2> [commit]
//
// writes docs/quickswap-vault-lists/interface-v2_vault-constants-all-versions.json: one row per commit, in the
// history of `commit` (git log's default history, --topo-order, oldest first; default: the commit the committed file
// was made from), that changed any of those values, plus `commit` itself. Each row has the SHA-256 of the three files
// at that commit and only the values that differ from the row above (the first row has them all): the rows are
// deltas because src/constants/index.ts is 3,000 lines and GammaPairs alone is 1,900 of them. The files are parsed
// with TypeScript's parser, not run; an expression other than a literal, an enum member or a constant's name stops
// the script. Needs git and the clone, nothing else. scripts/farm-registry/vault-lists.ts reads the file.

import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { repoRoot } from './build-syrups.ts';
import { formatJson } from './json-output.ts';
import {
  type ConstantName,
  ENV_NAMES,
  type ExtractedValue,
  MATIC_KEY,
  VAULT_CONSTANTS,
  VAULT_LISTS_COMMIT,
  VAULT_PATHS,
  type VaultConstants,
  type VaultListVersion,
  vaultListsPath,
} from './vault-lists.ts';

/** A TypeScript expression as data: literals as values, an enum member or a name as `{ expression }`. */
function literal(node: ts.Expression, source: ts.SourceFile, where: string): ExtractedValue {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isNumericLiteral(node)) return Number(node.text);
  if (node.kind === ts.SyntaxKind.TrueKeyword) return true;
  if (node.kind === ts.SyntaxKind.FalseKeyword) return false;
  // `Presets.GAMMA_NARROW`, `FeeAmount.LOWEST`: the source text, which is what the list says.
  if (ts.isPropertyAccessExpression(node) || ts.isIdentifier(node))
    return { expression: node.getText(source) };
  if (ts.isArrayLiteralExpression(node)) {
    return node.elements.map((element, index) => literal(element, source, `${where}[${index}]`));
  }
  if (ts.isObjectLiteralExpression(node)) {
    const entries = node.properties.map((property) => {
      if (!ts.isPropertyAssignment(property)) {
        throw new Error(`${where}: ${property.getText(source)} is not a property`);
      }
      const name = property.name;
      const key = ts.isComputedPropertyName(name)
        ? name.expression.getText(source)
        : ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name)
          ? name.text
          : fail(`${where}: property name ${name.getText(source)}`);
      return [key, literal(property.initializer, source, `${where}.${key}`)] as const;
    });
    return Object.fromEntries(entries);
  }
  return fail(`${where}: ${node.getText(source)} is not a literal`);
}

function fail(message: string): never {
  throw new Error(message);
}

/** The initializer of each top-level `const` named in `names`, as data. */
function declaredConstants(
  text: string,
  fileName: string,
  names: readonly string[],
): Record<string, ExtractedValue> {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: Record<string, ExtractedValue> = {};
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      const name = declaration.name.getText(source);
      if (!names.includes(name) || !declaration.initializer) continue;
      found[name] = literal(declaration.initializer, source, `${fileName} ${name}`);
    }
  }
  return found;
}

/** `NAME="value"` lines of a dotenv file, for the names asked. */
export function envValues(text: string, names: readonly string[]): Record<string, string> {
  const values: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    const match = /^\s*([A-Z0-9_]+)\s*=\s*(.*?)\s*$/.exec(line);
    if (!match || !names.includes(match[1]!)) continue;
    values[match[1]!] = match[2]!.replace(/^(["'])(.*)\1$/, '$2');
  }
  return values;
}

function polygonOf(value: ExtractedValue, where: string): ExtractedValue | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || 'expression' in value) {
    return fail(`${where}: not an object keyed by chain`);
  }
  return value[MATIC_KEY];
}

/**
 * Polygon's part of src/constants/index.ts's lists. GammaPairs was not keyed by chain before 2023-02-02 (QuickSwap's
 * V3 was on Polygon alone): then its whole value is kept, with `chainKey: null`.
 */
export function indexConstants(text: string): VaultConstants {
  const found: VaultConstants = {};
  const index = declaredConstants(text, VAULT_PATHS.constants, VAULT_CONSTANTS.constants);
  if (index.GammaPairs !== undefined) {
    const value = index.GammaPairs as Record<string, ExtractedValue>;
    const keyedByChain = Object.keys(value).some((key) => key.startsWith('ChainId.'));
    const pairs = keyedByChain ? polygonOf(value, 'GammaPairs') : value;
    if (pairs !== undefined) found.GammaPairs = { chainKey: keyedByChain ? MATIC_KEY : null, pairs };
  }
  for (const name of ['IchiVaults', 'DefiedgeStrategies'] as const) {
    if (index[name] === undefined) continue;
    const polygon = polygonOf(index[name], name);
    if (polygon !== undefined) found[name] = polygon;
  }
  return found;
}

/**
 * Polygon's part of src/constants/v3/addresses.ts's manager contracts. GAMMA_MASTERCHEF_ADDRESSES was one address
 * map, then (from f831116, 2023-03-16) an array of them indexed by a pair's masterChefIndex: kept as an array.
 */
export function addressConstants(text: string): VaultConstants {
  const found: VaultConstants = {};
  const addresses = declaredConstants(text, VAULT_PATHS.addresses, VAULT_CONSTANTS.addresses);
  const chefs = addresses.GAMMA_MASTERCHEF_ADDRESSES;
  if (chefs !== undefined) {
    const maps = Array.isArray(chefs) ? chefs : [chefs];
    found.GAMMA_MASTERCHEF_ADDRESSES = maps.map(
      (map, i) => polygonOf(map, `GAMMA_MASTERCHEF_ADDRESSES[${i}]`) ?? null,
    );
  }
  for (const name of ['STEER_VAULT_REGISTRY', 'STEER_PERIPHERY'] as const) {
    if (addresses[name] === undefined) continue;
    const polygon = polygonOf(addresses[name], name);
    if (polygon !== undefined) found[name] = polygon;
  }
  return found;
}

/**
 * GammaPairs as it differs from the row above: its pairs whose hypervisors changed (null: removed). Kept whole, the
 * 133 versions of its 1,900 lines were 3 MB.
 */
function gammaDelta(
  previous: VaultConstants['GammaPairs'],
  current: VaultConstants['GammaPairs'],
): VaultListVersion['changed']['GammaPairs'] {
  if (!current) return null;
  const before = (previous?.pairs ?? {}) as Record<string, ExtractedValue>;
  const after = current.pairs as Record<string, ExtractedValue>;
  const pairs: Record<string, ExtractedValue | null> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) pairs[key] = after[key] ?? null;
  }
  return { chainKey: current.chainKey, pairs };
}

function git(gitDir: string, args: string[], input?: string): Buffer {
  return execFileSync('git', ['--git-dir', gitDir, ...args], { maxBuffer: 1024 * 1024 * 1024, input });
}

/** The blob id of each `<commit>:<path>` (undefined: not there), in one git process. */
function blobIds(gitDir: string, specs: string[]): (string | undefined)[] {
  const lines = git(gitDir, ['cat-file', '--batch-check'], `${specs.join('\n')}\n`)
    .toString('utf8')
    .split('\n');
  return specs.map((spec, i) => {
    const line = lines[i] ?? fail(`cat-file: no answer for ${spec}`);
    if (line.endsWith(' missing')) return undefined;
    const [oid, type] = line.split(' ');
    return type === 'blob' ? oid : fail(`${spec}: a ${type}, not a file`);
  });
}

/** The bytes of each blob, in one git process. */
function readBlobs(gitDir: string, oids: string[]): Map<string, Buffer> {
  const out = git(gitDir, ['cat-file', '--batch'], `${oids.join('\n')}\n`);
  const blobs = new Map<string, Buffer>();
  let at = 0;
  for (const oid of oids) {
    const header = out.subarray(at, out.indexOf(10, at)).toString('utf8');
    const size = Number(header.split(' ')[2]);
    if (!header.startsWith(`${oid} blob `)) fail(`cat-file ${oid}: ${header}`);
    at += header.length + 1;
    blobs.set(oid, out.subarray(at, at + size));
    at += size + 1;
  }
  return blobs;
}

const READERS: Record<string, (text: string) => VaultConstants> = {
  [VAULT_PATHS.constants]: indexConstants,
  [VAULT_PATHS.addresses]: addressConstants,
  [VAULT_PATHS.env]: (text) => envValues(text, ENV_NAMES),
};

function assembleVaultLists(gitDir: string, commit: string): VaultListVersion[] {
  const paths = Object.values(VAULT_PATHS);
  const logArgs = ['log', '--reverse', '--topo-order', commit, '--format=%H %ad', '--date=short'];
  const log = git(gitDir, [...logArgs, '--', ...paths])
    .toString('utf8')
    .split('\n')
    .filter(Boolean);
  const head = git(gitDir, ['log', '-1', commit, '--format=%H %ad', '--date=short']).toString('utf8').trim();
  if (log[log.length - 1] !== head) log.push(head);
  const commits = log.map((line) => line.split(' ') as [string, string]);
  const ids = blobIds(
    gitDir,
    commits.flatMap(([hash]) => paths.map((file) => `${hash}:${file}`)),
  );
  const blobs = readBlobs(gitDir, [...new Set(ids.filter((id) => id !== undefined))]);
  // Each file's values by blob: most commits change one of the three files, so the others are not parsed again.
  const parsed = new Map<string, VaultConstants>();
  const versions: VaultListVersion[] = [];
  let previous: VaultConstants = {};
  for (const [row, [hash, date]] of commits.entries()) {
    const fileIds = paths.map((_, i) => ids[row * paths.length + i]);
    const current: VaultConstants = {};
    for (const [i, file] of paths.entries()) {
      const id = fileIds[i];
      if (id === undefined) continue;
      if (!parsed.has(id)) parsed.set(id, READERS[file]!(blobs.get(id)!.toString('utf8')));
      Object.assign(current, parsed.get(id));
    }
    const changed: Record<string, unknown> = {};
    const names = [...new Set([...Object.keys(previous), ...Object.keys(current)])] as ConstantName[];
    for (const name of names) {
      if (JSON.stringify(previous[name]) === JSON.stringify(current[name])) continue;
      changed[name] =
        name === 'GammaPairs' ? gammaDelta(previous.GammaPairs, current.GammaPairs) : (current[name] ?? null);
    }
    previous = current;
    if (Object.keys(changed).length === 0 && hash !== commits[commits.length - 1]![0]) continue;
    versions.push({
      commit: hash,
      date,
      sha256: Object.fromEntries(
        paths.map((file, i) => {
          const id = fileIds[i];
          return [file, id === undefined ? null : createHash('sha256').update(blobs.get(id)!).digest('hex')];
        }),
      ),
      changed: changed as VaultListVersion['changed'],
    });
  }
  return versions;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const gitDir = process.argv[2];
  if (!gitDir) {
    console.error('usage: assemble-vault-lists.ts <git dir of QuickSwap/interface-v2> [commit]');
    process.exit(2);
  }
  const versions = assembleVaultLists(gitDir, process.argv[3] ?? VAULT_LISTS_COMMIT);
  writeFileSync(vaultListsPath, formatJson(versions));
  console.log(`wrote ${path.relative(repoRoot, vaultListsPath)}: ${versions.length} versions`);
}
