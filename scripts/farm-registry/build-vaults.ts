// The vault registry: every vault share on Polygon that QuickSwap's interface-v2 ever listed (Gamma hypervisors,
// ICHI vaults, DefiEdge strategies), with what the lists say of each and where, and the contracts and URLs the
// interface used to find the rest (Steer's vaults, which it lists nowhere: it asks Steer's API for them). Issue 45.
//
//   npx tsx scripts/farm-registry/build-vaults.ts        (npm run registry:vaults)
//
// writes apps/server/src/core/farm-index/vault-registry.json from one committed file and nothing else:
// docs/quickswap-vault-lists/interface-v2_vault-constants-all-versions.json, every version of the lists (made by
// assemble-vault-lists.ts; see that folder's README.md). A vault removed from the list may still hold people's
// shares, so every address any version listed is kept, not only the newest version's.
// One entry per vault address (EIP-55), sorted by address. Its terms are those of its latest listing (its tokens
// and pool: of the latest that gives them); a term that the listings gave different values is in `listedValues`,
// each value with the dates it was listed. A data error throws with where it is.

import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ListedValue, repoRoot } from './build-syrups.ts';
import { asString, compareStrings, isRecord } from './json-input.ts';
import { formatJson } from './json-output.ts';
import { interfaceV2Stake } from './shared-lists.ts';
import {
  address,
  fail,
  MANAGERS,
  type Manager,
  type Observation,
  type Reading,
  readListings,
  type VaultTerms,
} from './vault-listings.ts';
import {
  type ReplayedVersion,
  replayVaultLists,
  VAULT_LISTS_COMMIT,
  VAULT_PATHS,
  VAULT_SOURCES,
  type VaultConstants,
} from './vault-lists.ts';

export const vaultRegistryPath = path.join(repoRoot, 'apps/server/src/core/farm-index/vault-registry.json');

export interface VaultSource {
  repository: string;
  path: string;
  /** The constant (or .env name) that lists it. */
  list: string;
  firstCommit: string;
  firstDate: string;
  lastCommit: string;
  lastDate: string;
}

const CHANGING_TERMS = ['token0', 'token1', 'pool', 'staking'] as const;
type ChangingTerm = (typeof CHANGING_TERMS)[number];
/**
 * Terms of the contract itself (a vault's tokens and pool are fixed when it is made): taken from the latest listing
 * that gives them, since IchiVaults gave tokens in its first version only (2023-11-26). A stake is of its listing's
 * time: the latest listing's, or none, with any earlier one in `listedValues`.
 */
const CONTRACT_TERMS: readonly ChangingTerm[] = ['token0', 'token1', 'pool'];

export interface Vault extends VaultTerms {
  address: string;
  manager: Manager;
  /** Terms the listings gave different values (or a stake the latest listing leaves out): every value, with when. */
  listedValues?: Partial<Record<ChangingTerm, ListedValue[]>>;
  sources: VaultSource[];
}

/** A manager's contract or URL as listed: its value and where. */
export interface ListedSetting {
  value: string;
  sources: VaultSource[];
}

/** A setting's value at the newest commit, and any other it had before. */
export interface SettingHistory extends ListedSetting {
  earlier?: ListedSetting[];
}

export interface VaultRegistry {
  generatedFrom: string[];
  vaults: Vault[];
  managers: {
    /** Every Polygon MasterChef of GAMMA_MASTERCHEF_ADDRESSES, with the masterChefIndex it was listed at. */
    gamma: { masterChefs: (ListedSetting & { index: number })[] };
    /** interface-v2 reads ICHI vaults through @ichidao/ichi-vaults-sdk; its lists name no ICHI contract. */
    ichi: Record<string, never>;
    /** Every miniChefAddress of DefiedgeStrategies. */
    defiedge: { miniChefs: ListedSetting[] };
    /** interface-v2 asks `${apiUrl}/getSmartPools?chainId=137&dexName=quickswap` for Steer's vaults. */
    steer: Record<'registry' | 'periphery' | 'apiUrl' | 'stakingPoolsUrl', SettingHistory>;
  };
}

export interface VaultReport {
  /** Versions of the lists read. */
  versions: number;
  /** Vaults the newest commit lists, per manager. */
  inNewest: Record<Manager, number>;
  /** Addresses published in mixed case that is not their EIP-55 checksum (kept, checksummed), one per spelling. */
  badChecksums: string[];
  /** Listings with a pid but no contract to stake in (no MasterChef at that index), one line each. */
  unresolvedStakes: string[];
  /** GammaPairs keys that name no token as either addresses or two symbols. */
  unreadPairKeys: string[];
}

/** Where each listing was, grouped per path and list: its first and last listing, by date, then commit order. */
function sourcesOf(
  listings: { path: string; list: string; commit: string; date: string; sequence: number }[],
) {
  const byKey = new Map<string, VaultSource & { firstSequence: number; lastSequence: number }>();
  for (const o of listings) {
    const key = `${o.path}\n${o.list}`;
    const source = byKey.get(key);
    if (!source) {
      byKey.set(key, {
        repository: interfaceV2Stake.repository,
        path: o.path,
        list: o.list,
        firstCommit: o.commit,
        firstDate: o.date,
        firstSequence: o.sequence,
        lastCommit: o.commit,
        lastDate: o.date,
        lastSequence: o.sequence,
      });
      continue;
    }
    if (compareListing(o, source.firstDate, source.firstSequence) < 0) {
      Object.assign(source, { firstCommit: o.commit, firstDate: o.date, firstSequence: o.sequence });
    }
    if (compareListing(o, source.lastDate, source.lastSequence) > 0) {
      Object.assign(source, { lastCommit: o.commit, lastDate: o.date, lastSequence: o.sequence });
    }
  }
  return [...byKey.values()]
    .map(({ firstSequence: _first, lastSequence: _last, ...source }) => source)
    .sort((a, b) => compareStrings(a.firstDate, b.firstDate) || compareStrings(a.list, b.list));
}

function compareListing(o: { date: string; sequence: number }, date: string, sequence: number): number {
  return compareStrings(o.date, date) || o.sequence - sequence;
}

/** The same term as listed twice, compared. */
const termKey = (value: unknown) => JSON.stringify(value);

function vaultOf(observations: Observation[]): Vault {
  const ordered = [...observations].sort((a, b) => compareListing(a, b.date, b.sequence));
  const latest = ordered[ordered.length - 1]!;
  const managers = new Set(ordered.map((o) => o.manager));
  if (managers.size > 1) fail(latest.where, `${latest.address} is listed as ${[...managers].join(' and ')}`);
  const terms: VaultTerms = { ...latest.terms };
  const listedValues: Partial<Record<ChangingTerm, ListedValue[]>> = {};
  for (const term of CHANGING_TERMS) {
    const values = new Map<string, ListedValue>();
    for (const o of ordered) {
      if (o.terms[term] === undefined) continue;
      const listed = values.get(termKey(o.terms[term]));
      if (listed) listed.lastDate = o.date;
      else values.set(termKey(o.terms[term]), { value: o.terms[term], firstDate: o.date, lastDate: o.date });
    }
    const contractTerm = CONTRACT_TERMS.includes(term);
    if (contractTerm && terms[term] === undefined) {
      const given = ordered.findLast((o) => o.terms[term] !== undefined);
      if (given) Object.assign(terms, { [term]: given.terms[term] });
    }
    if (values.size > 1 || (!contractTerm && values.size === 1 && terms[term] === undefined)) {
      listedValues[term] = [...values.values()];
    }
  }
  return {
    address: latest.address,
    manager: latest.manager,
    ...terms,
    ...(Object.keys(listedValues).length > 0 ? { listedValues } : {}),
    sources: sourcesOf(observations),
  };
}

type Listing = { value: string; path: string; list: string; commit: string; date: string; sequence: number };

/** Listings of one setting grouped by value, in the order first listed. */
function settingsOf(listings: Listing[]): ListedSetting[] {
  const byValue = new Map<string, Listing[]>();
  for (const listing of listings) {
    const key = listing.value.toLowerCase();
    byValue.set(key, [...(byValue.get(key) ?? []), listing]);
  }
  return [...byValue.values()]
    .map((group) => ({ value: group[group.length - 1]!.value, sources: sourcesOf(group) }))
    .sort((a, b) => compareStrings(a.sources[0]!.firstDate, b.sources[0]!.firstDate));
}

/** A setting's value at the newest version, and its earlier values. */
function historyOf(listings: Listing[], newest: ReplayedVersion, name: string): SettingHistory {
  const current = listings.find((l) => l.sequence === newest.sequence);
  if (!current) fail(`${newest.commit} ${name}`, 'not listed at the newest commit');
  const settings = settingsOf(listings);
  const earlier = settings.filter((s) => s.value.toLowerCase() !== current.value.toLowerCase());
  const now = settings.find((s) => s.value.toLowerCase() === current.value.toLowerCase())!;
  return { ...now, ...(earlier.length > 0 ? { earlier } : {}) };
}

/** Steer's settings: the constant (or .env name) that lists each, its field in managers.steer, and its file. */
const STEER_SETTINGS = [
  ['STEER_VAULT_REGISTRY', 'registry', VAULT_PATHS.addresses],
  ['STEER_PERIPHERY', 'periphery', VAULT_PATHS.addresses],
  ['REACT_APP_STEER_API_URL', 'apiUrl', VAULT_PATHS.env],
  ['REACT_APP_STEER_STAKING_POOLS_URL', 'stakingPoolsUrl', VAULT_PATHS.env],
] as const satisfies readonly (readonly [keyof VaultConstants, string, string])[];
type SteerField = (typeof STEER_SETTINGS)[number][1];

function managersOf(versions: ReplayedVersion[], reading: Reading): VaultRegistry['managers'] {
  const chefs: (Listing & { index: number })[] = [];
  const miniChefs: Listing[] = [];
  const steerListings = STEER_SETTINGS.map(([, field]) => [field, [] as Listing[]]);
  const steer = Object.fromEntries(steerListings) as Record<SteerField, Listing[]>;
  for (const version of versions) {
    const at = { commit: version.commit, date: version.date, sequence: version.sequence };
    for (const [index, chef] of (version.constants.GAMMA_MASTERCHEF_ADDRESSES ?? []).entries()) {
      if (chef === null) continue;
      const where = `${version.commit} GAMMA_MASTERCHEF_ADDRESSES[${index}]`;
      const value = address(chef, where, reading);
      chefs.push({ value, index, path: VAULT_PATHS.addresses, list: 'GAMMA_MASTERCHEF_ADDRESSES', ...at });
    }
    for (const strategy of (version.constants.DefiedgeStrategies ?? []) as unknown[]) {
      if (!isRecord(strategy) || strategy.miniChefAddress === undefined) continue;
      const value = address(
        strategy.miniChefAddress,
        `${version.commit} DefiedgeStrategies miniChef`,
        reading,
      );
      miniChefs.push({ value, path: VAULT_PATHS.constants, list: 'DefiedgeStrategies', ...at });
    }
    for (const [name, field, file] of STEER_SETTINGS) {
      const raw = version.constants[name];
      if (raw === undefined) continue;
      const where = `${version.commit} ${name}`;
      const value = file === VAULT_PATHS.env ? asString(raw, where) : address(raw, where, reading);
      steer[field].push({ value, path: file, list: name, ...at });
    }
  }
  const newest = versions[versions.length - 1]!;
  return {
    gamma: {
      masterChefs: settingsOf(chefs).map((setting) => ({
        index: chefs.findLast((chef) => chef.value.toLowerCase() === setting.value.toLowerCase())!.index,
        ...setting,
      })),
    },
    ichi: {},
    defiedge: { miniChefs: settingsOf(miniChefs) },
    steer: Object.fromEntries(
      STEER_SETTINGS.map(([, field]) => [field, historyOf(steer[field], newest, `Steer ${field}`)]),
    ) as Record<SteerField, SettingHistory>,
  };
}

export function collectVaultRegistry(files: Record<string, string>): {
  registry: VaultRegistry;
  report: VaultReport;
} {
  const versions = replayVaultLists(files);
  const newest = versions[versions.length - 1];
  if (newest?.commit !== VAULT_LISTS_COMMIT) {
    fail(
      VAULT_SOURCES.v2VaultLists,
      `the last row is not ${VAULT_LISTS_COMMIT}, the commit it was made up to`,
    );
  }
  const reading = readListings(versions);
  const byAddress = new Map<string, Observation[]>();
  for (const o of reading.observations) {
    const lower = o.address.toLowerCase();
    byAddress.set(lower, [...(byAddress.get(lower) ?? []), o]);
  }
  const vaults = [...byAddress.values()]
    .map(vaultOf)
    .sort((a, b) => compareStrings(a.address.toLowerCase(), b.address.toLowerCase()));
  const managers = managersOf(versions, reading);
  const inNewest = Object.fromEntries(MANAGERS.map((m) => [m, 0])) as Record<Manager, number>;
  for (const vault of vaults) {
    if (vault.sources.some((source) => source.lastCommit === VAULT_LISTS_COMMIT)) inNewest[vault.manager]++;
  }
  return {
    registry: { generatedFrom: [VAULT_SOURCES.v2VaultLists], vaults, managers },
    report: {
      versions: versions.length,
      inNewest,
      badChecksums: [...reading.badChecksums].map(([value, where]) => `${value} (first at ${where})`).sort(),
      unresolvedStakes: [...reading.unresolvedStakes].sort(),
      unreadPairKeys: [...reading.unreadPairKeys].sort(),
    },
  };
}

/** The registry built from the input files (repository-relative name → content). Pure. */
export function buildVaultRegistry(files: Record<string, string>): VaultRegistry {
  return collectVaultRegistry(files).registry;
}

/** The registry as written to disk: what biome's JSON formatter accepts as is. */
export function formatVaultRegistry(registry: VaultRegistry): string {
  return formatJson(registry);
}

/** The committed input files, by repository-relative name. */
export function readVaultSources(root = repoRoot): Record<string, string> {
  return Object.fromEntries(
    Object.values(VAULT_SOURCES).map((name) => [name, readFileSync(path.join(root, name), 'utf8')]),
  );
}

/** Vaults per manager. */
export function countByManager(registry: VaultRegistry): Record<Manager, number> {
  const counts = Object.fromEntries(MANAGERS.map((m) => [m, 0])) as Record<Manager, number>;
  for (const vault of registry.vaults) counts[vault.manager]++;
  return counts;
}

function main(): void {
  const { registry, report } = collectVaultRegistry(readVaultSources());
  writeFileSync(vaultRegistryPath, formatVaultRegistry(registry));
  for (const line of report.badChecksums) console.log(`not EIP-55 as published (checksummed here): ${line}`);
  for (const line of report.unresolvedStakes) console.log(`stake not resolved (left out): ${line}`);
  for (const key of report.unreadPairKeys)
    console.log(`GammaPairs key names no token: ${JSON.stringify(key)}`);
  const counts = countByManager(registry);
  console.log(`versions read: ${report.versions}`);
  for (const m of MANAGERS)
    console.log(`${m}: ${counts[m]} listed, ${report.inNewest[m]} in the newest version`);
  console.log(`wrote ${path.relative(repoRoot, vaultRegistryPath)}`);
  console.log(
    `vault-registry: vaults=${registry.vaults.length} ${MANAGERS.map((m) => `${m}=${counts[m]}`).join(' ')}`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
