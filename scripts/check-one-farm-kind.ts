/**
 * Part of `npm run lint`: a farm's kind is defined once, in packages/shared/src/farm-kinds.ts (issue 32).
 * Fails, naming file and line, where code spells the set of kinds out again: a union or a list of the kinds'
 * literals or of their route segments, a map keyed by route segments, or another `FarmKind` type (the test
 * beside this file shows each). Such code should take `FarmKind`, `farmKindList` or `farmKinds[kind]` instead,
 * so a new kind is one new row of the table.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tablePath = 'packages/shared/src/farm-kinds.ts';
/** The table, and this check's own test, which spells out what it catches. */
const allowedFiles = new Set([tablePath, 'scripts/check-one-farm-kind.test.ts']);
const checkedRoots = ['packages', 'apps', 'e2e', 'scripts'];
const skippedFolders = new Set(['node_modules', 'dist', 'artifacts', '.vite']);

const kind = String.raw`(['"])(?:lp|dual|lp-mining|dual-mining)\1`;
const kind2 = String.raw`(['"])(?:lp|dual|lp-mining|dual-mining)\2`;
const rules: { pattern: RegExp; says: string }[] = [
  { pattern: new RegExp(`${kind}\\s*\\|\\s*${kind2}`), says: 'a union of farm kinds: use FarmKind' },
  { pattern: new RegExp(`\\[\\s*${kind}\\s*,\\s*${kind2}`), says: 'a list of farm kinds: use farmKindList' },
  {
    pattern: /(?:^|[{,])\s*(['"])(?:lp-mining|dual-mining)\1\s*:/,
    says: 'a map keyed by route segment: key it by FarmKind (farmKinds[kind].routeSegment)',
  },
  {
    pattern: /\b(?:type\s+FarmKind\s*=|interface\s+FarmKind\b|enum\s+FarmKind\b)/,
    says: 'a second FarmKind type: import it from the table',
  },
];

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    if (skippedFolders.has(entry.name)) return [];
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(c|m)?tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Every line of `text` that defines the kinds again, as 'line: what it is'. */
export function findFarmKindDefinitions(text: string): string[] {
  return text
    .split('\n')
    .flatMap((line, index) =>
      rules.filter((rule) => rule.pattern.test(line)).map((rule) => `${index + 1}: ${rule.says}`),
    );
}

function main(): void {
  const offences = checkedRoots
    .flatMap((root) => sourceFiles(path.join(repoRoot, root)))
    .map((file) => path.relative(repoRoot, file).split(path.sep).join('/'))
    .filter((file) => !allowedFiles.has(file))
    .flatMap((file) =>
      findFarmKindDefinitions(readFileSync(path.join(repoRoot, file), 'utf8')).map((at) => `${file}:${at}`),
    );
  if (offences.length > 0) {
    console.error(`the farm kinds are defined in ${tablePath} only:\n${offences.join('\n')}`);
    process.exitCode = 1;
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
