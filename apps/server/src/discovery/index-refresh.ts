import type { Kysely } from 'kysely';
import { getAddress } from 'viem';
import type { Database } from '../db/index.ts';
import type { DbOrTrx } from '../features/farms/repository.ts';
import type { CollectedSnapshots, SnapshotPipeline } from '../snapshots/index.ts';
import { enumerateFactoryFarms, type Factories, type FactoryFarm } from './enumerate.ts';

export type IndexRefreshDeps = {
  db: Kysely<Database>;
  pipeline: SnapshotPipeline;
  chain: Parameters<typeof enumerateFactoryFarms>[0];
  chainId: number;
  factories: Factories;
  now?: () => Date;
};

export type IndexRefreshReport = { farms: number; skipped: number; requests?: number };

/** Farms read per pinned read; a chunk that fails is read farm by farm, so one odd farm skips alone. */
const chunkSize = 200;

/**
 * Rebuilds the farm index in four stages: enumerate (every farm the factories deployed) -> read (pair,
 * tokens, rewards, rates, period, stake and prices, one aggregate3 per chunk at one block) -> value (TVL,
 * APR) -> store (one transaction). A failure leaves the last index as it was and records why, with the
 * time, so the list can show its age.
 */
export async function refreshFarmIndex(deps: IndexRefreshDeps): Promise<IndexRefreshReport> {
  const now = deps.now ?? (() => new Date());
  const run = await deps.db
    .insertInto('farm_index_runs')
    .values({ started_at: now().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  try {
    const farms = await enumerateFactoryFarms(deps.chain, deps.factories);
    const { collected, skipped } = await readInChunks(deps.pipeline, farms);
    await deps.db.transaction().execute(async (trx) => {
      for (const part of collected) await upsertIndexRows(trx, deps.chainId, part, farms, now());
      await trx
        .updateTable('farm_index_runs')
        .set({ finished_at: now().toISOString(), farm_count: farms.length - skipped, skipped })
        .where('id', '=', run.id)
        .execute();
    });
    return { farms: farms.length - skipped, skipped };
  } catch (error) {
    await deps.db
      .updateTable('farm_index_runs')
      .set({ error: (error instanceof Error ? error.message : String(error)).split('\n')[0]!.slice(0, 300) })
      .where('id', '=', run.id)
      .execute();
    throw error;
  }
}

async function readInChunks(
  pipeline: SnapshotPipeline,
  farms: FactoryFarm[],
): Promise<{ collected: CollectedSnapshots[]; skipped: number }> {
  const collected: CollectedSnapshots[] = [];
  let skipped = 0;
  for (let start = 0; start < farms.length; start += chunkSize) {
    const chunk = farms.slice(start, start + chunkSize).map((f) => ({ address: f.address, kind: f.kind }));
    try {
      collected.push(await pipeline.collectSnapshots({ farms: chunk, accounts: [] }));
    } catch {
      for (const farm of chunk) {
        try {
          collected.push(await pipeline.collectSnapshots({ farms: [farm], accounts: [] }));
        } catch {
          skipped += 1; // not a farm of a QuickSwap pair, or it no longer answers: left out of the index
        }
      }
    }
  }
  return { collected, skipped };
}

async function upsertIndexRows(
  trx: DbOrTrx,
  chainId: number,
  part: CollectedSnapshots,
  farms: FactoryFarm[],
  at: Date,
): Promise<void> {
  const factoryOf = new Map(farms.map((f) => [f.address.toLowerCase(), f.factory]));
  for (const read of part.read.farms) {
    const farm = part.farms.find((f) => f.address.toLowerCase() === read.address.toLowerCase())!;
    const [rewardA, rewardB] = read.rewards.map((r) => r.token);
    const row = {
      chain_id: chainId,
      address: getAddress(read.address),
      kind: read.kind,
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
    await trx
      .insertInto('farm_index')
      .values(row)
      .onConflict((oc) =>
        oc.columns(['chain_id', 'address']).doUpdateSet((eb) => ({
          reward_rate_a: eb.ref('excluded.reward_rate_a'),
          reward_rate_b: eb.ref('excluded.reward_rate_b'),
          period_finish: eb.ref('excluded.period_finish'),
          is_ended: eb.ref('excluded.is_ended'),
          is_paused: eb.ref('excluded.is_paused'),
          total_staked: eb.ref('excluded.total_staked'),
          tvl_usd: eb.ref('excluded.tvl_usd'),
          apr: eb.ref('excluded.apr'),
          block_number: eb.ref('excluded.block_number'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute();
  }
}
