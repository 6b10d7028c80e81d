// The syrup registry: every syrup pool (single-token staking: stake QUICK or dQUICK, earn another token) on Polygon
// that QuickSwap's published lists ever named, with what the lists say of it and where. Groundwork for issue 45.
//
//   npx tsx scripts/farm-registry/build-syrups.ts        (npm run registry:syrups)
//
// writes apps/server/src/core/farm-index/syrup-registry.json from five committed files and nothing else:
//   - docs/quickswap-syrup-lists/default-stake-list_syrups-all-versions.json: every version of the default stake
//     list's syrup files (made by assemble-syrup-history.ts; see that folder's README.md);
//   - docs/quickswap-syrup-lists/interface-v2_hooks-ts-syrups-all-versions.json: every version of interface-v2's
//     SYRUP_REWARDS_INFO and OLD_SYRUP_REWARDS_INFO in src/state/stake/hooks.ts, before its stake.json (made by
//     assemble-hooks-syrups.ts);
//   - docs/quickswap-farm-lists/interface-v2_src-constants-stake.json: its `syrup` and `oldsyrup` keys;
//   - docs/quickswap-farm-lists/interface-v2_stake-json-all-versions.json: its rows of those two lists;
//   - docs/quickswap-farm-lists/interface-v2_src-constants-tokens.json: the token keys interface-v2 names tokens by.
// One entry per contract address (EIP-55), sorted by address. Its terms are those of the latest listing; a term that
// the listings gave different values is in `listedValues`, each value with the dates it was listed. Base (chain 8453)
// entries of the default stake list are left out: the registry is Polygon's. A data error throws with where it is.

import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getAddress } from 'viem';
import { asArray, asRecord, asString, compareStrings, isRecord, parseJson } from './json-input.ts';
import { interfaceV2Stake as V2 } from './shared-lists.ts';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The commit of QuickSwap/quickswap-default-stake-list the syrup history was assembled up to (v1.0.12, 2026-05-02). */
export const SYRUP_HISTORY_COMMIT = 'aafe66058f7bb4b41a0493aa6eb3d0a4384dbf11';

/** Every path the default stake list published its syrups at, in the order it used them. */
export const SYRUP_LIST_PATHS = [
  'src/syrups/active.json',
  'src/syrups/ended.json',
  'src/chains/polygon/syrups.json',
  'src/chains/base/syrups.json',
  'src/data/syrups.json',
] as const;

/** The commit of QuickSwap/interface-v2 (master, 2025-04-03) the hooks.ts history was assembled up to. */
export const HOOKS_SYRUP_COMMIT = '8799993562503860a266feb3d8bf376acc80596a';

/** The constants of interface-v2's src/state/stake/hooks.ts that listed syrups. */
export const HOOKS_SYRUP_LISTS = ['SYRUP_REWARDS_INFO', 'OLD_SYRUP_REWARDS_INFO'] as const;

/** The fields of a hooks.ts syrup entry that name a token, kept as the source text of their expression. */
export const HOOKS_TOKEN_FIELDS = ['token', 'baseToken', 'stakingToken'] as const;

/** One row of interface-v2_hooks-ts-syrups-all-versions.json. */
export interface HooksSyrupVersion {
  path: string;
  commit: string;
  /** The commit's author date, YYYY-MM-DD. */
  date: string;
  /** SHA-256 of the file's bytes at the commit. */
  sha256: string;
  /** Each constant's `[ChainId.MATIC]` entries: tokens as the source text of their expression, the rest as values. */
  lists: Partial<Record<(typeof HOOKS_SYRUP_LISTS)[number], Record<string, unknown>[]>>;
}

/** One row of default-stake-list_syrups-all-versions.json. */
export interface SyrupListVersion {
  path: (typeof SYRUP_LIST_PATHS)[number];
  commit: string;
  /** The commit's author date, YYYY-MM-DD. */
  date: string;
  /** SHA-256 of the file's bytes at the commit. */
  sha256: string;
  /** The file as shipped, parsed: an array of entries, or (src/data/syrups.json) arrays keyed by chain id. */
  content: unknown;
}

/** The input files, relative to the repository root. */
export const SYRUP_SOURCES = {
  defaultStakeListHistory: 'docs/quickswap-syrup-lists/default-stake-list_syrups-all-versions.json',
  v2HooksHistory: 'docs/quickswap-syrup-lists/interface-v2_hooks-ts-syrups-all-versions.json',
  v2Stake: 'docs/quickswap-farm-lists/interface-v2_src-constants-stake.json',
  v2StakeHistory: 'docs/quickswap-farm-lists/interface-v2_stake-json-all-versions.json',
  v2Tokens: 'docs/quickswap-farm-lists/interface-v2_src-constants-tokens.json',
} as const;

export const syrupHistoryPath = path.join(repoRoot, SYRUP_SOURCES.defaultStakeListHistory);
export const hooksSyrupsPath = path.join(repoRoot, SYRUP_SOURCES.v2HooksHistory);
export const syrupRegistryPath = path.join(repoRoot, 'apps/server/src/core/farm-index/syrup-registry.json');

const DEFAULT_STAKE_LIST = 'QuickSwap/quickswap-default-stake-list';
const V2_SYRUP_LISTS = ['syrup', 'oldsyrup'] as const;
const POLYGON = 137;
const BASE = 8453;
/** The chain of each path that holds one chain's array; src/data/syrups.json says it per key. */
const PATH_CHAIN: Record<string, number> = {
  'src/syrups/active.json': POLYGON,
  'src/syrups/ended.json': POLYGON,
  'src/chains/polygon/syrups.json': POLYGON,
  'src/chains/base/syrups.json': BASE,
};
/** interface-v2 resolves the key MATIC to the SDK's wrapped MATIC, not tokens.json (src/utils/index.ts). */
const WMATIC = { address: '0x0d500B1d8E8eF31E21C99d1Db9A6444d3ADf1270', symbol: 'WMATIC', decimals: 18 };

export interface TokenRef {
  /** Null when the listing names the token in a way tokens.json does not resolve (then see `listedAs`). */
  address: string | null;
  /** From interface-v2's tokens.json when it has the token; otherwise null (read it on chain). */
  symbol: string | null;
  decimals: number | null;
  /** The token as listed, when it could not be resolved to an address. */
  listedAs?: string;
}

/** What a listing says of a syrup pool (QuickSwap's field name in brackets). */
export interface SyrupTerms {
  /** The token paid out [token]. */
  rewardToken: TokenRef;
  /**
   * The token deposited [stakingToken]: QUICK (old or new) or the old dQUICK, as listed; check it on chain. Null
   * when the listing does not name one (interface-v2's hooks.ts before bafbe35, 2022-01-20).
   */
  stakingToken: TokenRef | null;
  /** The token the interface priced the reward token against [baseToken]. */
  priceBaseToken: TokenRef;
  /** An LP token deposited instead of stakingToken, when listed [lp]; no Polygon syrup lists one. */
  stakedLpToken?: string;
  /** Reward tokens paid per day over the whole pool [rate]. */
  rewardsPerDay: number;
  /** When rewards stop, unix seconds [ending]. */
  endingTimestamp: number;
  /** Marked as ended by the list [ended]. */
  ended: boolean;
  /** Display name [name], when not empty. */
  name?: string;
  /** Marked as sponsored [sponsored], when the listing has the field (from 2022-08-24). */
  sponsored?: boolean;
  /** Sponsor's link [link], when not empty. */
  link?: string;
}

export interface SyrupSource {
  repository: string;
  path: string;
  /** The stake.json key or the hooks.ts constant (interface-v2 only). */
  list?: string;
  firstCommit: string;
  firstDate: string;
  lastCommit: string;
  lastDate: string;
  /** How many versions of the path list the address (the sources whose every version is kept). */
  versions?: number;
}

export interface Syrup extends SyrupTerms {
  address: string;
  /** Terms whose listed value changed over the listings: every value, in the order first listed, with when. */
  listedValues?: Partial<Record<ChangingTerm, ListedValue[]>>;
  sources: SyrupSource[];
}

/** One value a term was listed with, and the dates of the first and last listing that gave it. */
export interface ListedValue {
  value: unknown;
  firstDate: string;
  lastDate: string;
}

export interface SyrupRegistry {
  generatedFrom: string[];
  syrups: Syrup[];
}

export interface SyrupReport {
  /** Per input listing syrups (not the tokens file): distinct Polygon syrup addresses it lists. */
  perSource: Record<string, number>;
  /** Addresses only one repository lists, per repository. */
  onlyInRepository: Record<string, number>;
  /** Versions of the default stake list read. */
  versions: number;
  /** Versions of interface-v2's hooks.ts read. */
  hooksVersions: number;
  /** Tokens listed in a way tokens.json does not resolve, one line per distinct listing. */
  unresolvedTokens: string[];
  /** Entries left out (other chains), one line per address. */
  excluded: string[];
  /** Addresses published in mixed case that is not their EIP-55 checksum (kept, checksummed). */
  badChecksums: string[];
}

const CHANGING_TERMS = [
  'rewardToken',
  'stakingToken',
  'priceBaseToken',
  'rewardsPerDay',
  'endingTimestamp',
  'ended',
] as const;
type ChangingTerm = (typeof CHANGING_TERMS)[number];

/** One listing of an address: an entry of one version (or the one entry a source keeps). */
interface Observation {
  address: string;
  terms: SyrupTerms;
  repository: string;
  path: string;
  list?: string;
  commit: string;
  date: string;
  /** Order of reading: breaks ties of date (the default stake list, read last, wins them). */
  sequence: number;
  /** The first commit/date the source records when it keeps only the last entry (interface-v2's history). */
  first?: { commit: string; date: string };
  /** Counted as a version of its path (the default stake list's rows). */
  isVersion: boolean;
  /** The input file it was read from. */
  source: string;
  where: string;
}

const HEX_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

function fail(where: string, message: string): never {
  throw new Error(`${where}: ${message}`);
}

type TokenBook = (value: unknown, where: string) => TokenRef;

/**
 * A token as interface-v2's hooks.ts wrote it (read as `{ expression }`): a constant named as its tokens.json key
 * (`ELON`), `GlobalConst.tokens.ELON`, `GlobalData.tokens.ELON` or `returnTokenFromKey('ELON')`.
 */
const HOOKS_TOKEN =
  /^(?:returnTokenFromKey\('(?<called>[A-Za-z0-9_]+)'\)|(?:Global(?:Const|Data)\.tokens\.)?(?<named>[A-Za-z0-9_]+))$/;

/**
 * Resolves a token as listed: an address, or (interface-v2, the default stake list before 2022-07-26) a key; a key
 * not in tokens.json throws. A hooks.ts expression is resolved by the key it names; one that names no key of
 * tokens.json is kept unresolved, as written (`listedAs`), and noted in `unresolved`.
 */
function tokenBook(tokensJson: unknown, unresolved: Set<string>): TokenBook {
  const byKey = new Map<string, TokenRef>();
  const byAddress = new Map<string, TokenRef>();
  for (const [key, value] of Object.entries(asRecord(tokensJson, SYRUP_SOURCES.v2Tokens))) {
    const where = `${SYRUP_SOURCES.v2Tokens} ${key}`;
    const token = asRecord(value, where);
    const address = asString(token.address, `${where}.address`);
    if (!HEX_ADDRESS.test(address)) fail(where, `address ${address} is not a 20-byte hex address`);
    const ref: TokenRef = {
      address: getAddress(address),
      symbol: typeof token.symbol === 'string' ? token.symbol : null,
      decimals: typeof token.decimals === 'number' ? token.decimals : null,
    };
    byKey.set(key, ref);
    if (!byAddress.has(address.toLowerCase())) byAddress.set(address.toLowerCase(), ref);
  }
  byKey.set('MATIC', WMATIC);
  if (!byAddress.has(WMATIC.address.toLowerCase())) byAddress.set(WMATIC.address.toLowerCase(), WMATIC);
  return (value, where) => {
    if (isRecord(value)) {
      const expression = asString(value.expression, `${where}.expression`);
      const key = HOOKS_TOKEN.exec(expression)?.groups;
      const ref = byKey.get(key?.called ?? key?.named ?? '');
      if (ref) return ref;
      unresolved.add(expression);
      return { address: null, symbol: null, decimals: null, listedAs: expression };
    }
    const listed = asString(value, where);
    if (HEX_ADDRESS.test(listed)) {
      return (
        byAddress.get(listed.toLowerCase()) ?? { address: getAddress(listed), symbol: null, decimals: null }
      );
    }
    return byKey.get(listed) ?? fail(where, `token key ${JSON.stringify(listed)} is not in tokens.json`);
  };
}

function termsOf(entry: Record<string, unknown>, token: TokenBook, where: string): SyrupTerms {
  const number = (key: string) =>
    typeof entry[key] === 'number' && Number.isFinite(entry[key])
      ? entry[key]
      : fail(where, `${key} ${JSON.stringify(entry[key])} is not a number`);
  if (typeof entry.ended !== 'boolean') fail(where, `ended ${JSON.stringify(entry.ended)} is not a boolean`);
  const terms: SyrupTerms = {
    rewardToken: token(entry.token, `${where}.token`),
    stakingToken:
      entry.stakingToken === undefined ? null : token(entry.stakingToken, `${where}.stakingToken`),
    priceBaseToken: token(entry.baseToken, `${where}.baseToken`),
    rewardsPerDay: number('rate'),
    endingTimestamp: number('ending'),
    ended: entry.ended,
  };
  if (typeof entry.lp === 'string' && entry.lp !== '') {
    if (!HEX_ADDRESS.test(entry.lp)) fail(where, `lp ${entry.lp} is not a 20-byte hex address`);
    terms.stakedLpToken = getAddress(entry.lp);
  }
  if (typeof entry.name === 'string' && entry.name !== '') terms.name = entry.name;
  if (typeof entry.sponsored === 'boolean') terms.sponsored = entry.sponsored;
  if (typeof entry.link === 'string' && entry.link !== '') terms.link = entry.link;
  return terms;
}

function checkAddress(value: unknown, where: string): string {
  if (typeof value !== 'string' || !HEX_ADDRESS.test(value)) {
    fail(where, `stakingRewardAddress ${JSON.stringify(value)} is not a 20-byte hex address`);
  }
  return value;
}

interface Reading {
  observations: Observation[];
  /** Addresses of other chains, with where each was listed. */
  excluded: Map<string, Set<string>>;
  sequence: number;
}

function observe(reading: Reading, observation: Omit<Observation, 'sequence'>): void {
  reading.observations.push({ ...observation, sequence: reading.sequence++ });
}

/** interface-v2's stake.json history: one row per address, its last entry, first and last commit. */
function readV2History(files: Record<string, string>, token: TokenBook, reading: Reading): void {
  const name = SYRUP_SOURCES.v2StakeHistory;
  for (const [index, value] of asArray(parseJson(files, name), name).entries()) {
    const where = `${name}[${index}]`;
    const row = asRecord(value, where);
    const list = asString(row.list, `${where}.list`);
    if (!(V2_SYRUP_LISTS as readonly string[]).includes(list)) continue;
    observeV2Entry(reading, asRecord(row.entry, `${where}.entry`), token, {
      list,
      commit: asString(row.last_commit, `${where}.last_commit`),
      date: asString(row.last_date, `${where}.last_date`),
      first: {
        commit: asString(row.first_commit, `${where}.first_commit`),
        date: asString(row.first_date, `${where}.first_date`),
      },
      source: name,
      where,
    });
  }
}

/** One syrup entry of interface-v2's stake.json (as last shipped, or in its history) as an observation. */
function observeV2Entry(
  reading: Reading,
  entry: Record<string, unknown>,
  token: TokenBook,
  listed: Pick<Observation, 'list' | 'commit' | 'date' | 'first' | 'source' | 'where'>,
): void {
  observe(reading, {
    address: checkAddress(entry.stakingRewardAddress, listed.where),
    terms: termsOf(entry, token, listed.where),
    repository: V2.repository,
    path: V2.path,
    isVersion: false,
    ...listed,
  });
}

/** interface-v2's stake.json as last shipped: its `syrup` and `oldsyrup` keys. */
function readV2Stake(files: Record<string, string>, token: TokenBook, reading: Reading): void {
  const name = SYRUP_SOURCES.v2Stake;
  const lists = asRecord(parseJson(files, name), name);
  for (const list of V2_SYRUP_LISTS) {
    for (const [index, value] of asArray(lists[list], `${name} ${list}`).entries()) {
      const where = `${name} ${list}[${index}]`;
      observeV2Entry(reading, asRecord(value, where), token, {
        list,
        commit: V2.commit,
        date: V2.date,
        source: name,
        where,
      });
    }
  }
}

/** The chain of each path that holds one chain's array; src/data/syrups.json names it per key. */
function entriesByChain(version: SyrupListVersion, where: string): [number, unknown[]][] {
  const chain = PATH_CHAIN[version.path];
  if (chain !== undefined) return [[chain, asArray(version.content, where)]];
  return Object.entries(asRecord(version.content, where)).map(([key, entries]) => {
    const id = Number(key);
    if (id !== POLYGON && id !== BASE) fail(where, `unknown chain id ${JSON.stringify(key)}`);
    return [id, asArray(entries, `${where}["${key}"]`)];
  });
}

/** One version of a list: where its entries come from. */
interface Listing {
  repository: string;
  path: string;
  list?: string;
  commit: string;
  date: string;
  source: string;
}

/** The entries of one version of one list, each an observation; another chain's are noted and left out. */
function observeEntries(
  reading: Reading,
  token: TokenBook,
  listing: Listing,
  chain: number,
  entries: unknown[],
  where: string,
): void {
  const seen = new Set<string>();
  for (const [entryIndex, entryValue] of entries.entries()) {
    const entryWhere = `${where} (${listing.path}${listing.list ? ` ${listing.list}` : ''} at ${listing.commit.slice(0, 8)}, chain ${chain}) [${entryIndex}]`;
    const entry = asRecord(entryValue, entryWhere);
    const address = checkAddress(entry.stakingRewardAddress, entryWhere);
    if (seen.has(address.toLowerCase())) fail(entryWhere, `${address} is listed twice in one version`);
    seen.add(address.toLowerCase());
    if (chain !== POLYGON) {
      const paths = reading.excluded.get(getAddress(address)) ?? new Set();
      reading.excluded.set(getAddress(address), paths.add(`chain ${chain} in ${listing.path}`));
      continue;
    }
    observe(reading, {
      ...listing,
      address,
      terms: termsOf(entry, token, entryWhere),
      isVersion: true,
      where: entryWhere,
    });
  }
}

/** A version row's commit, date and SHA-256, checked; its date not before the row above's (`previousDate`). */
function versionRow(row: Record<string, unknown>, where: string, previousDate: string | null) {
  const commit = asString(row.commit, `${where}.commit`);
  const date = asString(row.date, `${where}.date`);
  const sha256 = asString(row.sha256, `${where}.sha256`);
  if (!/^[0-9a-f]{40}$/.test(commit)) fail(where, `commit ${commit} is not a commit hash`);
  if (!/^[0-9a-f]{64}$/.test(sha256)) fail(where, `sha256 ${sha256} is not a SHA-256`);
  // Oldest first (the last version listing an address is its latest listing); a day can hold several.
  if (previousDate !== null && date < previousDate) fail(where, `dated ${date}, before the version above it`);
  return { commit, date, sha256 };
}

function asExpressions(entry: Record<string, unknown>): Record<string, { expression: unknown }> {
  const fields = HOOKS_TOKEN_FIELDS.filter((field) => entry[field] !== undefined);
  return Object.fromEntries(fields.map((field) => [field, { expression: entry[field] }]));
}

/**
 * Every version of interface-v2's syrup constants in src/state/stake/hooks.ts, in the order of the commits. Two
 * branches changed the file in January 2022, so a version can be dated before the one above it.
 */
function readV2Hooks(files: Record<string, string>, token: TokenBook, reading: Reading): number {
  const name = SYRUP_SOURCES.v2HooksHistory;
  const versions = asArray(parseJson(files, name), name);
  for (const [index, value] of versions.entries()) {
    const where = `${name}[${index}]`;
    const row = asRecord(value, where);
    const { commit, date } = versionRow(row, where, null);
    const path = asString(row.path, `${where}.path`);
    const lists = asRecord(row.lists, `${where}.lists`);
    for (const list of Object.keys(lists)) {
      if (!(HOOKS_SYRUP_LISTS as readonly string[]).includes(list)) fail(where, `unknown constant ${list}`);
    }
    for (const list of HOOKS_SYRUP_LISTS) {
      if (lists[list] === undefined) continue;
      const listing = { repository: V2.repository, path, list, commit, date, source: name };
      // Its tokens are expressions, not tokens.json keys or addresses: the token book reads them as such.
      const entries = asArray(lists[list], `${where}.lists.${list}`).map((entry) =>
        isRecord(entry) ? { ...entry, ...asExpressions(entry) } : entry,
      );
      observeEntries(reading, token, listing, POLYGON, entries, where);
    }
  }
  return versions.length;
}

/** Every version of the default stake list's syrup files, oldest first; other chains' entries are left out. */
function readDefaultStakeList(files: Record<string, string>, token: TokenBook, reading: Reading): number {
  const name = SYRUP_SOURCES.defaultStakeListHistory;
  const versions = asArray(parseJson(files, name), name);
  let previousDate = '';
  for (const [index, value] of versions.entries()) {
    const where = `${name}[${index}]`;
    const row = asRecord(value, where);
    const { commit, date, sha256 } = versionRow(row, where, previousDate);
    const version: SyrupListVersion = {
      path: asString(row.path, `${where}.path`) as SyrupListVersion['path'],
      commit,
      date,
      sha256,
      content: row.content,
    };
    if (!SYRUP_LIST_PATHS.includes(version.path)) fail(where, `unknown path ${version.path}`);
    previousDate = version.date;
    const listing = { repository: DEFAULT_STAKE_LIST, path: version.path, commit, date, source: name };
    for (const [chain, entries] of entriesByChain(version, where)) {
      observeEntries(reading, token, listing, chain, entries, where);
    }
  }
  return versions.length;
}

/** The same term as listed twice, compared: tokens by address. */
function termKey(value: unknown): string {
  return JSON.stringify(isRecord(value) && typeof value.address === 'string' ? value.address : value);
}

function later(a: Observation, b: Observation): boolean {
  return a.date > b.date || (a.date === b.date && a.sequence > b.sequence);
}

function sourcesOf(observations: Observation[]): SyrupSource[] {
  const byKey = new Map<string, SyrupSource>();
  for (const o of observations) {
    const key = `${o.repository}\n${o.path}\n${o.list ?? ''}`;
    const first = o.first ?? { commit: o.commit, date: o.date };
    let source = byKey.get(key);
    if (!source) {
      source = {
        repository: o.repository,
        path: o.path,
        ...(o.list === undefined ? {} : { list: o.list }),
        firstCommit: first.commit,
        firstDate: first.date,
        lastCommit: o.commit,
        lastDate: o.date,
        ...(o.isVersion ? { versions: 0 } : {}),
      };
      byKey.set(key, source);
    }
    if (first.date < source.firstDate) {
      source.firstCommit = first.commit;
      source.firstDate = first.date;
    }
    if (o.date > source.lastDate) {
      source.lastCommit = o.commit;
      source.lastDate = o.date;
    }
    if (o.isVersion) source.versions = (source.versions ?? 0) + 1;
  }
  return [...byKey.values()].sort(
    (a, b) =>
      compareStrings(a.repository, b.repository) ||
      compareStrings(a.firstDate, b.firstDate) ||
      compareStrings(a.path, b.path) ||
      compareStrings(a.list ?? '', b.list ?? ''),
  );
}

export function collectSyrupRegistry(files: Record<string, string>): {
  registry: SyrupRegistry;
  report: SyrupReport;
} {
  const unresolved = new Set<string>();
  const token = tokenBook(parseJson(files, SYRUP_SOURCES.v2Tokens), unresolved);
  const reading: Reading = { observations: [], excluded: new Map(), sequence: 0 };
  // Oldest source first: a listing of the same day read later is the later one (stake.json replaced hooks.ts on
  // 2022-01-20).
  const hooksVersions = readV2Hooks(files, token, reading);
  readV2History(files, token, reading);
  readV2Stake(files, token, reading);
  const versions = readDefaultStakeList(files, token, reading);

  const byAddress = new Map<string, Observation[]>();
  const badChecksums = new Set<string>();
  for (const o of reading.observations) {
    const address = getAddress(o.address);
    const hex = o.address.slice(2);
    if (o.address !== address && hex !== hex.toLowerCase() && hex !== hex.toUpperCase()) {
      badChecksums.add(`${o.address} (${o.where})`);
    }
    if (BigInt(address) === 0n) fail(o.where, 'the zero address is not a syrup pool');
    const lower = address.toLowerCase();
    byAddress.set(lower, [...(byAddress.get(lower) ?? []), o]);
  }

  const perSource = new Map<string, Set<string>>(
    [
      SYRUP_SOURCES.defaultStakeListHistory,
      SYRUP_SOURCES.v2HooksHistory,
      SYRUP_SOURCES.v2Stake,
      SYRUP_SOURCES.v2StakeHistory,
    ].map((name) => [name, new Set()]),
  );
  const onlyInRepository: Record<string, number> = {};
  const syrups: Syrup[] = [];
  for (const [lower, observations] of byAddress) {
    const ordered = [...observations].sort((a, b) => (later(a, b) ? 1 : later(b, a) ? -1 : 0));
    const latest = ordered[ordered.length - 1]!;
    const listedValues: Partial<Record<ChangingTerm, ListedValue[]>> = {};
    for (const term of CHANGING_TERMS) {
      const values = new Map<string, ListedValue>();
      for (const o of ordered) {
        // A listing that does not name the term (hooks.ts's stakingToken before 2022-01-20) lists no value of it.
        if (o.terms[term] === null) continue;
        const key = termKey(o.terms[term]);
        const listed = values.get(key);
        if (listed) listed.lastDate = o.date;
        else values.set(key, { value: o.terms[term], firstDate: o.date, lastDate: o.date });
      }
      if (values.size > 1) listedValues[term] = [...values.values()];
    }
    syrups.push({
      address: getAddress(lower),
      ...latest.terms,
      ...(Object.keys(listedValues).length > 0 ? { listedValues } : {}),
      sources: sourcesOf(observations),
    });
    for (const o of observations) perSource.get(o.source)?.add(lower);
    const repositories = new Set(observations.map((o) => o.repository));
    if (repositories.size === 1) {
      const [repository] = repositories;
      onlyInRepository[repository!] = (onlyInRepository[repository!] ?? 0) + 1;
    }
  }
  syrups.sort((a, b) => compareStrings(a.address.toLowerCase(), b.address.toLowerCase()));

  return {
    registry: {
      generatedFrom: [
        SYRUP_SOURCES.defaultStakeListHistory,
        SYRUP_SOURCES.v2HooksHistory,
        SYRUP_SOURCES.v2Stake,
        SYRUP_SOURCES.v2StakeHistory,
        SYRUP_SOURCES.v2Tokens,
      ],
      syrups,
    },
    report: {
      perSource: Object.fromEntries([...perSource].map(([name, set]) => [name, set.size])),
      onlyInRepository,
      versions,
      hooksVersions,
      unresolvedTokens: [...unresolved].sort(),
      excluded: [...reading.excluded]
        .sort(([a], [b]) => compareStrings(a.toLowerCase(), b.toLowerCase()))
        .map(([address, where]) => `${address} (${[...where].join('; ')})`),
      badChecksums: [...badChecksums].sort(),
    },
  };
}

/** The registry built from the input files (repository-relative name → content). Pure. */
export function buildSyrupRegistry(files: Record<string, string>): SyrupRegistry {
  return collectSyrupRegistry(files).registry;
}

/** The registry as written to disk: what biome's JSON formatter accepts as is. */
export function formatSyrupRegistry(registry: SyrupRegistry): string {
  return `${JSON.stringify(registry, null, 2)}\n`;
}

/** The committed input files, by repository-relative name. */
export function readSyrupSources(root = repoRoot): Record<string, string> {
  return Object.fromEntries(
    Object.values(SYRUP_SOURCES).map((name) => [name, readFileSync(path.join(root, name), 'utf8')]),
  );
}

function main(): void {
  const { registry, report } = collectSyrupRegistry(readSyrupSources());
  writeFileSync(syrupRegistryPath, formatSyrupRegistry(registry));
  for (const line of report.excluded) console.log(`left out (not Polygon): ${line}`);
  for (const line of report.badChecksums) console.log(`not EIP-55 as published (checksummed here): ${line}`);
  for (const line of report.unresolvedTokens) console.log(`token not resolved (kept as listed): ${line}`);
  for (const [name, count] of Object.entries(report.perSource)) console.log(`source ${name}: ${count}`);
  for (const [repository, count] of Object.entries(report.onlyInRepository).sort()) {
    console.log(`only in ${repository}: ${count}`);
  }
  console.log(`wrote ${path.relative(repoRoot, syrupRegistryPath)}`);
  console.log(
    `syrup-registry: syrups=${registry.syrups.length} versions=${report.versions} hooksVersions=${report.hooksVersions} excluded=${report.excluded.length}`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
