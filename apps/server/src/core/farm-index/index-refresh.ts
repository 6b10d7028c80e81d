import type { FarmKind } from '@tidewatch/shared';
import { shortenAddress } from '@tidewatch/shared';
import type { Kysely } from 'kysely';
import { type Address, getAddress, isAddressEqual } from 'viem';
import type { ChainClient } from '../chain/client.ts';
import { ChainUnavailableError } from '../chain/errors.ts';
import { getStructureCache } from '../chain/structure-cache.ts';
import type { Database, DbOrTrx } from '../db/index.ts';
import { type CollectedSnapshots, insertSnapshots, type SnapshotPipeline } from '../snapshots/index.ts';
import { enumerateFactoryFarms, type Factories } from './enumerate.ts';
import {
  failIndexRun,
  findImportedAddresses,
  finishIndexRun,
  insertIndexRun,
  updateTokenNames,
  upsertIndexRow,
} from './index-repository.ts';
import { probeStakingContracts } from './probe.ts';
import type { RegistryFarm } from './registry.ts';

export type IndexRefreshDeps = {
  db: Kysely<Database>;
  pipeline: SnapshotPipeline;
  chain: ChainClient;
  chainId: number;
  factories: Factories;
  /** QuickSwap's published farm lists (registry.ts); the other half of the index beside the factories. */
  registry: RegistryFarm[];
  /** QuickSwap's pair factory: a farm is listed only when it stakes one of its pairs. */
  pairFactory: Address;
  now?: () => Date;
};

/** A candidate farm that was not listed, and why. */
export type Rejection = { address: Address; kind: FarmKind; source: string; reason: string };
export type FailedSource = { source: string; error: string };
export type IndexRefreshReport = {
  farms: number;
  rejected: Rejection[];
  failedSources: FailedSource[];
};

type Candidate = { address: Address; kind: FarmKind; factory: Address | null; source: string };

/** Farms read per pinned read; a chunk that fails is split in halves, so one odd farm is found in a few reads. */
const chunkSize = 200;

/**
 * Rebuilds the farm index in six stages: enumerate (every farm the factories deployed, each factory on its
 * own) -> merge (with the registry of QuickSwap's published lists) -> probe (one batch: is there a staking
 * contract at each address?) -> read (pair, tokens, rewards, rates, period, stake and prices at one block)
 * -> accept (the staking token is a pair of QuickSwap's factory) -> store (one transaction). Only farms
 * whose reads all succeeded are listed; every refused candidate and every unreadable source goes to the
 * run's report with the reason. A failure of the whole refresh leaves the last index as it was.
 */
export async function refreshFarmIndex(deps: IndexRefreshDeps): Promise<IndexRefreshReport> {
  const now = deps.now ?? (() => new Date());
  const run = await insertIndexRun(deps.db, now().toISOString());
  try {
    // Token symbols and names are read again on every refresh: they can change (WMATIC's contract answers
    // WPOL since Polygon's PIP-45), and every screen keys tokens by address and shows what the chain says.
    getStructureCache(deps.chain).tokens.clear();
    const enumerated = await enumerateFactoryFarms(deps.chain, deps.factories);
    const failedSources = enumerated.failures.map((f) => ({
      source: `factory ${f.factory}`,
      error: f.error,
    }));
    const candidates = mergeCandidates(enumerated.farms, deps.registry);
    const probed = await probeStakingContracts(deps.chain, candidates);
    const rejected: Rejection[] = probed.refused.map((c) => ({
      ...pick(c),
      reason: 'no staking contract answers at this address (no code, or not a farm)',
    }));
    const read = await readInChunks(deps.pipeline, probed.answering);
    rejected.push(...read.rejected);
    const accepted = acceptQuickswapPairs(read.collected, deps.pairFactory, probed.answering, rejected);
    await deps.db.transaction().execute(async (trx) => {
      for (const part of read.collected) {
        await upsertIndexRows(trx, deps.chainId, part, probed.answering, accepted, now());
        await storeImportedFarmSnapshots(trx, deps.chainId, part, accepted);
        await refreshTokenNames(trx, deps.chainId, part);
      }
      await finishIndexRun(trx, run.id, {
        finished_at: now().toISOString(),
        farm_count: accepted.size,
        skipped: rejected.length,
        rejected: rejected.length,
        rejections: JSON.stringify(rejected),
        failed_sources: JSON.stringify(failedSources),
      });
    });
    return { farms: accepted.size, rejected, failedSources };
  } catch (error) {
    await failIndexRun(
      deps.db,
      run.id,
      (error instanceof Error ? error.message : String(error)).split('\n')[0]!.slice(0, 300),
    );
    throw error;
  }
}

const pick = (c: Candidate) => ({ address: c.address, kind: c.kind, source: c.source });

/** Factories' farms and the registry's, one candidate per address (a factory's own record wins). */
function mergeCandidates(
  factoryFarms: { address: Address; kind: FarmKind; factory: Address }[],
  registry: RegistryFarm[],
): Candidate[] {
  const byAddress = new Map<string, Candidate>();
  for (const farm of factoryFarms) {
    byAddress.set(farm.address.toLowerCase(), {
      address: farm.address,
      kind: farm.kind,
      factory: farm.factory,
      source: `factory ${farm.factory}`,
    });
  }
  for (const farm of registry) {
    if (byAddress.has(farm.address.toLowerCase())) continue;
    const first = farm.sources[0];
    byAddress.set(farm.address.toLowerCase(), {
      address: farm.address,
      kind: farm.kind,
      factory: null,
      source: first ? `registry: ${first.repository} ${first.path}` : 'registry',
    });
  }
  return [...byAddress.values()];
}

/** The pipeline's pinned read, split in halves on failure down to the one farm that cannot be read. */
async function readInChunks(
  pipeline: SnapshotPipeline,
  candidates: Candidate[],
): Promise<{ collected: CollectedSnapshots[]; rejected: Rejection[] }> {
  const collected: CollectedSnapshots[] = [];
  const rejected: Rejection[] = [];
  const readOrSplit = async (part: Candidate[]): Promise<void> => {
    try {
      collected.push(
        await pipeline.collectSnapshots({
          farms: part.map((c) => ({ address: c.address, kind: c.kind })),
          accounts: [],
        }),
      );
    } catch (error) {
      // The node failing (unreachable, rate-limited, timing out) fails the whole refresh, which is retried:
      // splitting would multiply requests to a failing node and refuse every farm.
      if (error instanceof ChainUnavailableError) throw error;
      if (part.length === 1) {
        const message = error instanceof Error ? error.message.split('\n')[0]! : String(error);
        rejected.push({ ...pick(part[0]!), reason: `its reads failed: ${message}` });
        return;
      }
      const half = Math.ceil(part.length / 2);
      await readOrSplit(part.slice(0, half));
      await readOrSplit(part.slice(half));
    }
  };
  for (let start = 0; start < candidates.length; start += chunkSize) {
    await readOrSplit(candidates.slice(start, start + chunkSize));
  }
  return { collected, rejected };
}

/** Addresses (lower case) of read farms whose staking token is a pair of QuickSwap's factory. */
function acceptQuickswapPairs(
  collected: CollectedSnapshots[],
  pairFactory: Address,
  candidates: Candidate[],
  rejected: Rejection[],
): Set<string> {
  const candidateOf = new Map(candidates.map((c) => [c.address.toLowerCase(), c]));
  const accepted = new Set<string>();
  for (const part of collected) {
    for (const read of part.read.farms) {
      const key = read.address.toLowerCase();
      if (isAddressEqual(read.pair.factory, pairFactory)) {
        accepted.add(key);
        continue;
      }
      rejected.push({
        ...pick(candidateOf.get(key)!),
        reason: `stakes a pair of another exchange (pair factory ${shortenAddress(read.pair.factory)}), not of QuickSwap`,
      });
    }
  }
  return accepted;
}

async function upsertIndexRows(
  trx: DbOrTrx,
  chainId: number,
  part: CollectedSnapshots,
  candidates: Candidate[],
  accepted: Set<string>,
  at: Date,
): Promise<void> {
  const factoryOf = new Map(candidates.map((c) => [c.address.toLowerCase(), c.factory]));
  for (const read of part.read.farms) {
    if (!accepted.has(read.address.toLowerCase())) continue;
    const farm = part.farms.find((f) => isAddressEqual(f.address, read.address))!;
    const [rewardA, rewardB] = read.rewards.map((r) => r.token);
    const row = {
      chain_id: chainId,
      address: getAddress(read.address),
      kind: read.kind,
      // Empty for a farm only QuickSwap's published lists know.
      factory: factoryOf.get(read.address.toLowerCase()) ?? '',
      pair_address: getAddress(read.pair.address),
      token0_address: read.pair.token0.address,
      token0_symbol: read.pair.token0.symbol,
      token0_decimals: read.pair.token0.decimals,
      token1_address: read.pair.token1.address,
      token1_symbol: read.pair.token1.symbol,
      token1_decimals: read.pair.token1.decimals,
      reward_a_address: rewardA!.address,
      reward_a_symbol: rewardA!.symbol,
      reward_a_decimals: rewardA!.decimals,
      reward_b_address: rewardB?.address ?? null,
      reward_b_symbol: rewardB?.symbol ?? null,
      reward_b_decimals: rewardB?.decimals ?? null,
      reward_rate_a: farm.rewardRates[0] ?? '0',
      reward_rate_b: farm.rewardRates[1] ?? null,
      period_finish: farm.periodFinish.toISOString(),
      is_ended: farm.isEnded ? 1 : 0,
      is_paused: farm.isPaused ? 1 : 0,
      total_staked: farm.totalSupply,
      tvl_usd: farm.totalLiquidityUsd,
      apr: farm.apr,
      block_number: Number(part.blockNumber),
      updated_at: at.toISOString(),
    };
    // Symbols are re-read on every refresh and stored as the chain says them today (WMATIC became WPOL).
    await upsertIndexRow(trx, row);
  }
}

/**
 * An imported farm gets the index's read as its newest pool and farm snapshot, so the list of every farm
 * and the farm's card show the same figure from the same read (decision 021).
 */
async function storeImportedFarmSnapshots(
  trx: DbOrTrx,
  chainId: number,
  part: CollectedSnapshots,
  accepted: Set<string>,
): Promise<void> {
  const listed = part.farms.filter((f) => accepted.has(f.address.toLowerCase()));
  if (listed.length === 0) return;
  const isImported = await findImportedAddresses(
    trx,
    chainId,
    listed.map((f) => getAddress(f.address)),
  );
  const farms = listed.filter((f) => isImported.has(f.address.toLowerCase()));
  if (farms.length === 0) return;
  const pools = new Set(farms.map((f) => f.pool.toLowerCase()));
  const tokens = new Set(farms.flatMap((f) => f.rewardTokens.map((t) => t.toLowerCase())));
  for (const pool of part.pools.filter((p) => pools.has(p.address.toLowerCase()))) {
    tokens.add(pool.token0.toLowerCase());
    tokens.add(pool.token1.toLowerCase());
  }
  await insertSnapshots(trx, {
    ...part,
    farms,
    pools: part.pools.filter((p) => pools.has(p.address.toLowerCase())),
    tokens: part.tokens.filter((t) => tokens.has(t.address.toLowerCase())),
    positions: [],
  });
}

/** Stored tokens (imported farms') take the symbol and name their contract answers today, by address. */
async function refreshTokenNames(trx: DbOrTrx, chainId: number, part: CollectedSnapshots): Promise<void> {
  for (const token of part.tokens) {
    // A name the chain does not answer keeps the stored one (a person may have named the token).
    await updateTokenNames(trx, chainId, {
      address: getAddress(token.address),
      symbol: token.symbol,
      name: token.name,
    });
  }
}

/** One line for the log: counts per reason, and the first refused address of each. */
export function describeRejections(rejected: Rejection[]): string {
  const byReason = new Map<string, Rejection[]>();
  for (const r of rejected) {
    const reason = r.reason.replace(/0x[0-9a-fA-F…]+/g, '0x…').slice(0, 120);
    byReason.set(reason, [...(byReason.get(reason) ?? []), r]);
  }
  return [...byReason.entries()]
    .map(([reason, list]) => `${list.length} × ${reason} (e.g. ${list[0]!.address})`)
    .join('; ');
}
