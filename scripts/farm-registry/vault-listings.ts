// What each of interface-v2's vault lists says of a vault, read from every version of the lists: one observation
// per entry of each version, for build-vaults.ts to gather by address.

import { getAddress } from 'viem';
import { asRecord, asString, isRecord } from './json-input.ts';
import { type ReplayedVersion, VAULT_PATHS } from './vault-lists.ts';

export const MANAGERS = ['gamma', 'ichi', 'defiedge', 'steer'] as const;
export type Manager = (typeof MANAGERS)[number];

/** A token as the list gives it: an address, or a symbol (GammaPairs' first version, keyed `WMATIC-ETH`). */
interface VaultToken {
  address?: string;
  symbol?: string;
}

/** Where the list says the vault's shares are staked: the contract and its pool id. */
interface VaultStaking {
  kind: 'gamma-masterchef' | 'defiedge-minichef';
  address: string;
  pid: number;
}

/** What a listing says of a vault (interface-v2's field name in brackets). */
export interface VaultTerms {
  /** [token0Address, token0] or the GammaPairs key it is listed under. */
  token0?: VaultToken;
  token1?: VaultToken;
  /** The pool the strategy provides liquidity to [pool] (DefiEdge only). */
  pool?: string;
  /** Gamma's range preset as the interface showed it [title]: Narrow, Wide, Stable, Pegged Price... */
  preset?: string;
  /** Listed for withdrawing only [withdrawOnly] (Gamma). */
  withdrawOnly?: true;
  /** [pid] with the MasterChef of its [masterChefIndex] at that commit, or [pid] with [miniChefAddress]. */
  staking?: VaultStaking;
}

/** One listing of an address: an entry of one version. */
export interface Observation {
  address: string;
  manager: Manager;
  terms: VaultTerms;
  path: string;
  list: string;
  commit: string;
  date: string;
  sequence: number;
  where: string;
}

/** What reading the versions found: the listings, and what the builder prints as odd. */
export interface Reading {
  observations: Observation[];
  /** Each published spelling that is mixed case but not EIP-55 → where it was first read. */
  badChecksums: Map<string, string>;
  unresolvedStakes: Set<string>;
  unreadPairKeys: Set<string>;
}

const HEX_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

export function fail(where: string, message: string): never {
  throw new Error(`${where}: ${message}`);
}

/** An address as listed, checksummed; a mixed case that is not its checksum is noted, not refused. */
export function address(value: unknown, where: string, reading: Reading): string {
  if (typeof value !== 'string' || !HEX_ADDRESS.test(value)) {
    fail(where, `${JSON.stringify(value)} is not a 20-byte hex address`);
  }
  const checksummed = getAddress(value);
  const hex = value.slice(2);
  if (value !== checksummed && hex !== hex.toLowerCase() && hex !== hex.toUpperCase()) {
    if (!reading.badChecksums.has(value)) reading.badChecksums.set(value, where);
  }
  if (BigInt(checksummed) === 0n) fail(where, 'the zero address');
  return checksummed;
}

function optionalNumber(entry: Record<string, unknown>, key: string, where: string): number | undefined {
  const value = entry[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    fail(where, `${key} ${JSON.stringify(value)} is not a pool id`);
  }
  return value;
}

/**
 * The tokens a GammaPairs key names: `<token0>-<token1>` addresses (other chains' keys add `-<fee>`), or two symbols
 * (`WMATIC-ETH`, its first version, 2022-12-25). One key (2023) has a 39-digit address: it names no token, and the
 * hypervisors under it give theirs.
 */
function pairKeyTokens(key: string, reading: Reading): [VaultToken, VaultToken] | undefined {
  const parts = key.split('-');
  if (parts.length >= 2 && parts.slice(0, 2).every((part) => HEX_ADDRESS.test(part))) {
    return [{ address: getAddress(parts[0]!) }, { address: getAddress(parts[1]!) }];
  }
  if (parts.length === 2 && parts.every((part) => /^[A-Za-z0-9.()]+$/.test(part) && !part.startsWith('0x'))) {
    return [{ symbol: parts[0] }, { symbol: parts[1] }];
  }
  reading.unreadPairKeys.add(key);
  return undefined;
}

function readGamma(version: ReplayedVersion, reading: Reading, observe: (o: NewObservation) => void): void {
  const gamma = version.constants.GammaPairs;
  if (!gamma) return;
  const chefs = version.constants.GAMMA_MASTERCHEF_ADDRESSES ?? [];
  for (const [key, hypervisors] of Object.entries(asRecord(gamma.pairs, 'GammaPairs'))) {
    const keyTokens = pairKeyTokens(key, reading);
    for (const [index, value] of (hypervisors as unknown[]).entries()) {
      const where = `${version.commit} GammaPairs[${JSON.stringify(key)}][${index}]`;
      const entry = asRecord(value, where);
      const terms: VaultTerms = {};
      const token0 = entry.token0Address ?? keyTokens?.[0].address;
      const token1 = entry.token1Address ?? keyTokens?.[1].address;
      if (token0 !== undefined)
        terms.token0 = { address: address(token0, `${where}.token0Address`, reading) };
      else if (keyTokens?.[0].symbol) terms.token0 = keyTokens[0];
      if (token1 !== undefined)
        terms.token1 = { address: address(token1, `${where}.token1Address`, reading) };
      else if (keyTokens?.[1].symbol) terms.token1 = keyTokens[1];
      if (entry.title !== undefined) terms.preset = asString(entry.title, `${where}.title`);
      if (entry.withdrawOnly === true) terms.withdrawOnly = true;
      const pid = optionalNumber(entry, 'pid', where);
      const chefIndex = optionalNumber(entry, 'masterChefIndex', where) ?? 0;
      const chef = chefs[chefIndex];
      if (pid !== undefined && typeof chef === 'string') {
        const chefWhere = `${version.commit} GAMMA_MASTERCHEF_ADDRESSES[${chefIndex}]`;
        terms.staking = { kind: 'gamma-masterchef', address: address(chef, chefWhere, reading), pid };
      } else if (pid !== undefined) {
        reading.unresolvedStakes.add(`${where}: pid ${pid}, no MasterChef at index ${chefIndex}`);
      }
      observe({ address: entry.address, manager: 'gamma', terms, list: 'GammaPairs', where });
    }
  }
}

/** IchiVaults: addresses, or (its first version, f95fdda, 2023-11-26) `{ address, token0, token1 }`. */
function readIchi(version: ReplayedVersion, reading: Reading, observe: (o: NewObservation) => void): void {
  const vaults = version.constants.IchiVaults;
  if (vaults === undefined) return;
  if (!Array.isArray(vaults)) fail(`${version.commit} IchiVaults`, 'not an array');
  for (const [index, value] of vaults.entries()) {
    const where = `${version.commit} IchiVaults[${index}]`;
    if (!isRecord(value)) {
      observe({ address: value, manager: 'ichi', terms: {}, list: 'IchiVaults', where });
      continue;
    }
    const entry: Record<string, unknown> = value;
    const terms: VaultTerms = {
      token0: { address: address(entry.token0, `${where}.token0`, reading) },
      token1: { address: address(entry.token1, `${where}.token1`, reading) },
    };
    observe({ address: entry.address, manager: 'ichi', terms, list: 'IchiVaults', where });
  }
}

function readDefiedge(
  version: ReplayedVersion,
  reading: Reading,
  observe: (o: NewObservation) => void,
): void {
  const strategies = version.constants.DefiedgeStrategies;
  if (strategies === undefined) return;
  if (!Array.isArray(strategies)) fail(`${version.commit} DefiedgeStrategies`, 'not an array');
  for (const [index, value] of strategies.entries()) {
    const where = `${version.commit} DefiedgeStrategies[${index}]`;
    const entry = asRecord(value, where);
    const terms: VaultTerms = {
      token0: { address: address(entry.token0, `${where}.token0`, reading) },
      token1: { address: address(entry.token1, `${where}.token1`, reading) },
      pool: address(entry.pool, `${where}.pool`, reading),
    };
    const pid = optionalNumber(entry, 'pid', where);
    if (pid !== undefined && entry.miniChefAddress !== undefined) {
      const chef = address(entry.miniChefAddress, `${where}.miniChefAddress`, reading);
      terms.staking = { kind: 'defiedge-minichef', address: chef, pid };
    } else if (pid !== undefined) {
      reading.unresolvedStakes.add(`${where}: pid ${pid}, no miniChefAddress`);
    }
    observe({ address: entry.id, manager: 'defiedge', terms, list: 'DefiedgeStrategies', where });
  }
}

type NewObservation = Omit<Observation, 'address' | 'path' | 'commit' | 'date' | 'sequence'> & {
  address: unknown;
};

/** Every entry of every version, with the addresses it gives checked. */
export function readListings(versions: ReplayedVersion[]): Reading {
  const reading: Reading = {
    observations: [],
    badChecksums: new Map(),
    unresolvedStakes: new Set(),
    unreadPairKeys: new Set(),
  };
  for (const version of versions) {
    const observe = (o: NewObservation) => {
      reading.observations.push({
        ...o,
        address: address(o.address, o.where, reading),
        path: VAULT_PATHS.constants,
        commit: version.commit,
        date: version.date,
        sequence: version.sequence,
      });
    };
    readGamma(version, reading, observe);
    readIchi(version, reading, observe);
    readDefiedge(version, reading, observe);
  }
  return reading;
}
