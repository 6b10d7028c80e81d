// The farm registry: every V2 LP and dual farm address in QuickSwap's published farm lists, with where each was
// published. The other half of the farm index is read on chain from QuickSwap's factories; this half comes from
// the five files in docs/quickswap-farm-lists (see its README.md for their sources).
//
//   npx tsx scripts/farm-registry/build-registry.ts [folder]   (default docs/quickswap-farm-lists)
//
// writes apps/server/src/core/farm-index/farm-registry.json. Syrup pools (single-token staking) are left out, tokens
// are left out too (the app reads them on chain), and an address listed both as an LP and as a dual farm (or as a
// farm and as a syrup) is a data error: the build throws with the address. The zero address, a placeholder in
// the default stake list, is left out.

import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FarmKind } from '@tidewatch/shared/farm-kinds';
import { getAddress } from 'viem';
import { asArray, asRecord, asString, compareStrings, parseJson } from './json-input.ts';
import { interfaceV2Stake as V2 } from './shared-lists.ts';

export const FILES = {
  v1Hooks: 'interface-v1_src-state-stake-hooks.ts',
  v2Stake: 'interface-v2_src-constants-stake.json',
  v2Tokens: 'interface-v2_src-constants-tokens.json',
  v2StakeHistory: 'interface-v2_stake-json-all-versions.json',
  defaultStakeList: 'default-stake-list_all-versions.json',
} as const;

/** The input files the registry is built from (the tokens file is not read: the registry keeps tokens out). */
export const REQUIRED_FILES = [
  FILES.v1Hooks,
  FILES.v2Stake,
  FILES.v2StakeHistory,
  FILES.defaultStakeList,
] as const;

// Where the two byte-for-byte files come from (docs/quickswap-farm-lists/README.md).
const V1 = {
  repository: 'QuickSwap/interface',
  path: 'src/state/stake/hooks.ts',
  commit: '00abab9669a61dd9e5860f242174d2d5607e28c7',
  date: '2021-08-04',
} as const;
const DEFAULT_STAKE_LIST_REPOSITORY = 'QuickSwap/quickswap-default-stake-list';

const V1_LISTS = [
  'STAKING_REWARDS_INFO',
  'OLD_STAKING_REWARDS_INFO',
  'VERY_OLD_STAKING_REWARDS_INFO',
] as const;
const V2_LIST_KINDS: Record<string, FarmKind | 'syrup'> = {
  stakingrewards: 'lp',
  oldstakingrewards: 'lp',
  veryoldstakingrewards: 'lp',
  dualrewards: 'dual',
  syrup: 'syrup',
  oldsyrup: 'syrup',
};

export interface FarmSource {
  repository: string;
  path: string;
  /** The latest commit known to list the address at this path (for the v1 and v2 files: the copied version). */
  commit: string;
  date: string;
  /** The earliest commit known to list it, when the git history says it was listed earlier than `commit`. */
  first_commit?: string;
  first_date?: string;
  /** The array (v1) or key (v2 stake.json) the address is listed under; the default stake list has paths only. */
  list?: string;
}

export interface Farm {
  address: string;
  kind: FarmKind;
  sources: FarmSource[];
}

export interface FarmRegistry {
  generated_from: string;
  farms: Farm[];
}

export interface RegistryReport {
  /** Per input file: distinct LP and dual addresses it lists (syrups excluded). */
  perFile: Record<string, { lp: number; dual: number }>;
  /** Per publishing repository: addresses no other repository lists. */
  onlyInRepository: Record<string, number>;
  /** Addresses left out (syrup pools, single-token entries, the zero address), one line each with where listed. */
  excluded: string[];
  /** Addresses written in mixed case whose case is not their EIP-55 checksum (kept, checksummed). */
  badChecksums: string[];
}

interface Observation {
  address: string;
  kind: FarmKind | 'syrup';
  file: string;
  repository: string;
  path: string;
  list?: string;
  commits: { commit: string; date: string }[];
  /** Where in the input it came from, for error messages. */
  where: string;
}

const HEX_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

function checkAddress(value: unknown, where: string): string {
  if (typeof value !== 'string' || !HEX_ADDRESS.test(value)) {
    throw new Error(`${where}: stakingRewardAddress ${JSON.stringify(value)} is not a 20-byte hex address`);
  }
  return value;
}

// ---------------------------------------------------------------------------------------------------------------
// The v1 interface's hooks.ts: TypeScript source, scanned, never executed.

/** Blanks out // and /* *\/ comments, keeping strings (and every offset) intact. */
export function stripComments(source: string): string {
  const out = source.split('');
  let i = 0;
  while (i < source.length) {
    const c = source[i];
    const next = source[i + 1];
    if (c === "'" || c === '"' || c === '`') {
      i = skipString(source, i);
    } else if (c === '/' && next === '/') {
      while (i < source.length && source[i] !== '\n') out[i++] = ' ';
    } else if (c === '/' && next === '*') {
      const end = source.indexOf('*/', i + 2);
      const stop = end === -1 ? source.length : end + 2;
      for (; i < stop; i++) if (source[i] !== '\n') out[i] = ' ';
    } else {
      i++;
    }
  }
  return out.join('');
}

/** Index just past the string literal starting at `start` (template literals are treated as plain strings). */
function skipString(source: string, start: number): number {
  const quote = source[start];
  let i = start + 1;
  while (i < source.length && source[i] !== quote) i += source[i] === '\\' ? 2 : 1;
  return i + 1;
}

const OPEN: Record<string, string> = { '{': '}', '[': ']', '(': ')' };
const CLOSE = new Set(['}', ']', ')']);

/** Index just past the bracket that closes the one at `start`. */
function matchBracket(source: string, start: number, where: string): number {
  const stack: string[] = [];
  let i = start;
  while (i < source.length) {
    const c = source[i]!;
    if (c === "'" || c === '"' || c === '`') {
      i = skipString(source, i);
      continue;
    }
    if (OPEN[c]) stack.push(OPEN[c]);
    else if (CLOSE.has(c)) {
      if (stack.pop() !== c) throw new Error(`${where}: unbalanced '${c}' at offset ${i}`);
      if (stack.length === 0) return i + 1;
    }
    i++;
  }
  throw new Error(`${where}: bracket at offset ${start} is never closed`);
}

export interface V1Entry {
  list: string;
  address: string;
  tokens: string[];
}

/** Every object literal with a `stakingRewardAddress` in the three STAKING_REWARDS_INFO constants. */
export function parseV1Hooks(source: string): V1Entry[] {
  const code = stripComments(source);
  const entries: V1Entry[] = [];
  for (const list of V1_LISTS) {
    const declarations = [...code.matchAll(new RegExp(`\\bconst\\s+${list}\\b`, 'g'))];
    if (declarations.length !== 1) {
      throw new Error(`${FILES.v1Hooks}: expected one declaration of ${list}, found ${declarations.length}`);
    }
    // Past the type annotation to the `=` at bracket depth 0, then the initializer's brackets.
    let i = declarations[0]!.index + declarations[0]![0].length;
    while (i < code.length && !(code[i] === '=' && code[i + 1] !== '>' && code[i + 1] !== '=')) {
      const c = code[i]!;
      if (OPEN[c]) i = matchBracket(code, i, FILES.v1Hooks);
      else if (c === ';') throw new Error(`${FILES.v1Hooks}: ${list} has no initializer`);
      else i++;
    }
    i++;
    while (/\s/.test(code[i] ?? '')) i++;
    if (!OPEN[code[i] ?? ''])
      throw new Error(`${FILES.v1Hooks}: ${list}'s initializer is not an object literal`);
    const end = matchBracket(code, i, FILES.v1Hooks);
    entries.push(...scanEntries(code.slice(i, end), list));
  }
  return entries;
}

/** The innermost object literals of `initializer` that have a `stakingRewardAddress:` key of their own. */
function scanEntries(initializer: string, list: string): V1Entry[] {
  const entries: V1Entry[] = [];
  const stack: { open: string; start: number; keys: Map<string, number> }[] = [];
  let i = 0;
  while (i < initializer.length) {
    const c = initializer[i]!;
    if (c === "'" || c === '"' || c === '`') {
      i = skipString(initializer, i);
      continue;
    }
    if (OPEN[c]) {
      stack.push({ open: c, start: i, keys: new Map() });
    } else if (CLOSE.has(c)) {
      const frame = stack.pop();
      if (!frame || OPEN[frame.open] !== c) throw new Error(`${FILES.v1Hooks}: unbalanced '${c}' in ${list}`);
      const addressKey = frame.keys.get('stakingRewardAddress');
      if (frame.open === '{' && addressKey !== undefined) {
        entries.push(readEntry(initializer, addressKey, frame.keys.get('tokens'), list));
      }
    } else if (/[A-Za-z_$]/.test(c) && !/[\w$]/.test(initializer[i - 1] ?? '')) {
      const name = /^[\w$]+/.exec(initializer.slice(i))![0];
      const top = stack[stack.length - 1];
      const after = i + name.length;
      if (top?.open === '{' && /^\s*:/.test(initializer.slice(after, after + 20))) top.keys.set(name, after);
      i = after;
      continue;
    }
    i++;
  }
  return entries;
}

function readEntry(code: string, addressAt: number, tokensAt: number | undefined, list: string): V1Entry {
  const address = /^\s*:\s*(['"])(.*?)\1/.exec(code.slice(addressAt, addressAt + 100));
  const where = `${FILES.v1Hooks} ${list}`;
  if (!address) throw new Error(`${where}: a stakingRewardAddress is not a string literal`);
  let tokens: string[] = [];
  if (tokensAt !== undefined) {
    const value = /^\s*:\s*\[([^\]]*)\]/.exec(code.slice(tokensAt, tokensAt + 500));
    if (!value) throw new Error(`${where}: tokens of ${address[2]} are not an array literal`);
    tokens = value[1]!
      .split(',')
      .map((token) => token.trim())
      .filter(Boolean);
  }
  return { list, address: checkAddress(address[2], where), tokens };
}

// ---------------------------------------------------------------------------------------------------------------
// The JSON files.

/** A staking pool over one token (a syrup) rather than a pair: `token` instead of `tokens`, or not two tokens. */
function isSingleToken(entry: Record<string, unknown>): boolean {
  return (
    !Array.isArray(entry.tokens) || entry.tokens.length !== 2 || 'token' in entry || 'stakingToken' in entry
  );
}

function v2Kind(list: string, where: string): FarmKind | 'syrup' {
  const kind = V2_LIST_KINDS[list];
  if (!kind) throw new Error(`${where}: unknown list ${JSON.stringify(list)}`);
  return kind;
}

function observeV1(files: Record<string, string>): Observation[] {
  const source = files[FILES.v1Hooks];
  if (source === undefined) throw new Error(`missing input file ${FILES.v1Hooks}`);
  return parseV1Hooks(source).map((entry) => ({
    address: entry.address,
    kind: entry.tokens.length === 2 ? 'lp' : 'syrup',
    file: FILES.v1Hooks,
    repository: V1.repository,
    path: V1.path,
    list: entry.list,
    commits: [{ commit: V1.commit, date: V1.date }],
    where: `${FILES.v1Hooks} ${entry.list}`,
  }));
}

function observeV2Stake(files: Record<string, string>): Observation[] {
  const lists = asRecord(parseJson(files, FILES.v2Stake), FILES.v2Stake);
  const observations: Observation[] = [];
  for (const [list, entries] of Object.entries(lists)) {
    const where = `${FILES.v2Stake} ${list}`;
    const listKind = v2Kind(list, where);
    for (const [index, value] of asArray(entries, where).entries()) {
      const entry = asRecord(value, `${where}[${index}]`);
      observations.push({
        address: checkAddress(entry.stakingRewardAddress, `${where}[${index}]`),
        kind: isSingleToken(entry) ? 'syrup' : listKind,
        file: FILES.v2Stake,
        repository: V2.repository,
        path: V2.path,
        list,
        commits: [{ commit: V2.commit, date: V2.date }],
        where: `${where}[${index}]`,
      });
    }
  }
  return observations;
}

function observeV2StakeHistory(files: Record<string, string>): Observation[] {
  const rows = asArray(parseJson(files, FILES.v2StakeHistory), FILES.v2StakeHistory);
  return rows.map((value, index) => {
    const where = `${FILES.v2StakeHistory}[${index}]`;
    const row = asRecord(value, where);
    const list = asString(row.list, `${where}.list`);
    const entry = asRecord(row.entry, `${where}.entry`);
    const listKind = v2Kind(list, where);
    return {
      address: checkAddress(entry.stakingRewardAddress, where),
      kind: isSingleToken(entry) ? 'syrup' : listKind,
      file: FILES.v2StakeHistory,
      repository: V2.repository,
      path: V2.path,
      list,
      commits: [
        {
          commit: asString(row.first_commit, `${where}.first_commit`),
          date: asString(row.first_date, where),
        },
        { commit: asString(row.last_commit, `${where}.last_commit`), date: asString(row.last_date, where) },
      ],
      where,
    };
  });
}

function observeDefaultStakeList(files: Record<string, string>): Observation[] {
  const rows = asArray(parseJson(files, FILES.defaultStakeList), FILES.defaultStakeList);
  const observations: Observation[] = [];
  for (const [index, value] of rows.entries()) {
    const where = `${FILES.defaultStakeList}[${index}]`;
    const row = asRecord(value, where);
    const address = checkAddress(row.stakingRewardAddress, where);
    const entry = asRecord(row.entry, `${where}.entry`);
    if (
      entry.stakingRewardAddress !== undefined &&
      String(entry.stakingRewardAddress).toLowerCase() !== address.toLowerCase()
    ) {
      throw new Error(
        `${where}: row address ${address} differs from its entry's ${entry.stakingRewardAddress}`,
      );
    }
    const rowKind = asString(row.kind, `${where}.kind`);
    let kind: FarmKind | 'syrup';
    if (rowKind === 'lp' || rowKind === 'dual') kind = isSingleToken(entry) ? 'syrup' : rowKind;
    else if (rowKind === 'syrup') kind = 'syrup';
    else throw new Error(`${where}: unknown kind ${JSON.stringify(rowKind)}`);
    // One source per path the address was seen at, spanning the commits it was seen in.
    const byPath = new Map<string, { commit: string; date: string }[]>();
    for (const [seenIndex, seenValue] of asArray(row.seen, `${where}.seen`).entries()) {
      const seen = asRecord(seenValue, `${where}.seen[${seenIndex}]`);
      const seenPath = asString(seen.path, `${where}.seen[${seenIndex}].path`);
      const commits = byPath.get(seenPath) ?? [];
      commits.push({
        commit: asString(seen.commit, `${where}.seen.commit`),
        date: asString(seen.date, where),
      });
      byPath.set(seenPath, commits);
    }
    if (byPath.size === 0) throw new Error(`${where}: seen nowhere`);
    for (const [seenPath, commits] of byPath) {
      observations.push({
        address,
        kind,
        file: FILES.defaultStakeList,
        repository: DEFAULT_STAKE_LIST_REPOSITORY,
        path: seenPath,
        commits,
        where,
      });
    }
  }
  return observations;
}

// ---------------------------------------------------------------------------------------------------------------
// Merging.

function toSource(
  repository: string,
  sourcePath: string,
  list: string | undefined,
  commits: Observation['commits'],
) {
  // Latest and earliest by date; for equal dates the first one seen wins, so the result is stable.
  let latest = commits[0]!;
  let earliest = commits[0]!;
  for (const c of commits) {
    if (c.date > latest.date) latest = c;
    if (c.date < earliest.date) earliest = c;
  }
  const source: FarmSource = { repository, path: sourcePath, commit: latest.commit, date: latest.date };
  if (earliest.commit !== latest.commit) {
    source.first_commit = earliest.commit;
    source.first_date = earliest.date;
  }
  if (list !== undefined) source.list = list;
  return source;
}

export function collectFarmRegistry(
  files: Record<string, string>,
  options: { generatedFrom?: string } = {},
): { registry: FarmRegistry; report: RegistryReport } {
  const observations = [
    ...observeV1(files),
    ...observeV2Stake(files),
    ...observeV2StakeHistory(files),
    ...observeDefaultStakeList(files),
  ];
  const report: RegistryReport = { perFile: {}, onlyInRepository: {}, excluded: [], badChecksums: [] };

  interface Pending {
    address: string;
    kinds: Map<FarmKind | 'syrup', string>;
    sources: Map<
      string,
      { repository: string; path: string; list?: string; commits: Observation['commits'] }
    >;
    repositories: Set<string>;
  }
  const byAddress = new Map<string, Pending>();
  const badChecksums = new Set<string>();
  const excluded = new Map<string, { reason: string; wheres: string[] }>();
  const perFile = new Map<string, { lp: Set<string>; dual: Set<string> }>();

  for (const o of observations) {
    const address = getAddress(o.address);
    const lower = address.toLowerCase();
    if (
      o.address !== address &&
      o.address !== lower &&
      o.address.slice(2) !== o.address.slice(2).toUpperCase()
    ) {
      badChecksums.add(`${o.address} (${o.where})`);
    }
    const exclude = (reason: string) => {
      excluded.set(address, { reason, wheres: [...(excluded.get(address)?.wheres ?? []), o.where] });
    };
    if (BigInt(address) === 0n) {
      // A placeholder for a farm not deployed yet (the default stake list has one), not a contract.
      exclude('zero address: a placeholder, not a farm');
      continue;
    }
    let pending = byAddress.get(lower);
    if (!pending) {
      pending = { address, kinds: new Map(), sources: new Map(), repositories: new Set() };
      byAddress.set(lower, pending);
    }
    if (!pending.kinds.has(o.kind)) pending.kinds.set(o.kind, o.where);
    if (o.kind === 'syrup') {
      exclude('syrup / single-token pool');
      continue;
    }
    const key = `${o.repository}\n${o.path}\n${o.list ?? ''}`;
    const source = pending.sources.get(key);
    if (source) source.commits.push(...o.commits);
    else
      pending.sources.set(key, {
        repository: o.repository,
        path: o.path,
        list: o.list,
        commits: [...o.commits],
      });
    pending.repositories.add(o.repository);
    const counts = perFile.get(o.file) ?? { lp: new Set(), dual: new Set() };
    counts[o.kind].add(lower);
    perFile.set(o.file, counts);
  }

  const farms: Farm[] = [];
  for (const pending of byAddress.values()) {
    const kinds = [...pending.kinds.keys()];
    if (kinds.length > 1) {
      const listed = [...pending.kinds].map(([kind, where]) => `${kind} in ${where}`).join(', ');
      throw new Error(`${pending.address} is listed as more than one kind of farm: ${listed}`);
    }
    const kind = kinds[0]!;
    if (kind === 'syrup') continue;
    const sources = [...pending.sources.values()]
      .map((s) => toSource(s.repository, s.path, s.list, s.commits))
      .sort(
        (a, b) =>
          compareStrings(a.repository, b.repository) ||
          compareStrings(a.path, b.path) ||
          compareStrings(a.list ?? '', b.list ?? ''),
      );
    farms.push({ address: pending.address, kind, sources });
    if (pending.repositories.size === 1) {
      const [repository] = pending.repositories;
      report.onlyInRepository[repository!] = (report.onlyInRepository[repository!] ?? 0) + 1;
    }
  }
  farms.sort(
    (a, b) =>
      compareStrings(a.kind, b.kind) || compareStrings(a.address.toLowerCase(), b.address.toLowerCase()),
  );

  for (const name of REQUIRED_FILES) {
    const counts = perFile.get(name);
    report.perFile[name] = { lp: counts?.lp.size ?? 0, dual: counts?.dual.size ?? 0 };
  }
  report.badChecksums = [...badChecksums].sort();
  report.excluded = [...excluded]
    .sort(([a], [b]) => compareStrings(a.toLowerCase(), b.toLowerCase()))
    .map(([address, { reason, wheres }]) => `${address} ${reason} (${[...new Set(wheres)].join('; ')})`);
  return {
    registry: { generated_from: options.generatedFrom ?? 'docs/quickswap-farm-lists', farms },
    report,
  };
}

/** The registry built from the published lists (file name → content). Pure: no file system, no network. */
export function buildFarmRegistry(
  files: Record<string, string>,
  options: { generatedFrom?: string } = {},
): FarmRegistry {
  return collectFarmRegistry(files, options).registry;
}

/** The registry as written to disk: what biome's JSON formatter accepts as is. */
export function formatFarmRegistry(registry: FarmRegistry): string {
  return `${JSON.stringify(registry, null, 2)}\n`;
}

// ---------------------------------------------------------------------------------------------------------------
// CLI.

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const defaultListsDir = path.join(repoRoot, 'docs/quickswap-farm-lists');
export const registryPath = path.join(repoRoot, 'apps/server/src/core/farm-index/farm-registry.json');

/** The input files of a folder, by name (the tokens file too, when present). */
export function readListFiles(folder: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const name of Object.values(FILES)) {
    try {
      files[name] = readFileSync(path.join(folder, name), 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || name !== FILES.v2Tokens) throw error;
    }
  }
  return files;
}

/** The folder as the registry names it: relative to the repository, with forward slashes. */
export function generatedFromOf(folder: string): string {
  return path.relative(repoRoot, path.resolve(folder)).split(path.sep).join('/');
}

function main(): void {
  const folder = path.resolve(process.argv[2] ?? defaultListsDir);
  const { registry, report } = collectFarmRegistry(readListFiles(folder), {
    generatedFrom: generatedFromOf(folder),
  });
  writeFileSync(registryPath, formatFarmRegistry(registry));

  for (const line of report.excluded) console.log(`excluded: ${line}`);
  for (const line of report.badChecksums) console.log(`not EIP-55 as published (checksummed here): ${line}`);
  for (const [name, counts] of Object.entries(report.perFile)) {
    console.log(`source ${name}: lp=${counts.lp} dual=${counts.dual}`);
  }
  for (const [repository, count] of Object.entries(report.onlyInRepository).sort()) {
    console.log(`only in ${repository}: ${count}`);
  }
  const lp = registry.farms.filter((farm) => farm.kind === 'lp').length;
  const dual = registry.farms.length - lp;
  const sources = registry.farms.reduce((sum, farm) => sum + farm.sources.length, 0);
  const perFile = Object.entries(report.perFile)
    .map(([name, counts]) => `${name.replace(/\.(ts|json)$/, '')}=${counts.lp + counts.dual}`)
    .join(' ');
  console.log(`wrote ${path.relative(repoRoot, registryPath)}`);
  console.log(
    `farm-registry: lp=${lp} dual=${dual} sources=${sources} excluded=${report.excluded.length} ${perFile}`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
