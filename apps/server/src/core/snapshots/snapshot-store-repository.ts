import { AppError } from '@tidewatch/shared';
import { type Address, getAddress } from 'viem';
import type { DbOrTrx } from '../db/index.ts';
import type { CollectedSnapshots } from './pipeline.ts';

/**
 * Writes the token, pool, farm and position snapshots of one collected refresh inside the caller's
 * transaction (and moves each farm's latest periodFinish, unless `isPast`: the history job's points
 * are older than what the farm row says). Farms, pools and tokens must exist already. A pool, farm or
 * position snapshot of a block already stored is skipped (017-one-snapshot-per-block): refreshes sent
 * together read one block, and the first row of it stands for all of them.
 */
export async function insertSnapshots(
  trx: DbOrTrx,
  collected: CollectedSnapshots,
  options: { isPast?: boolean } = {},
): Promise<void> {
  const createdOn = collected.createdOn.toISOString();
  const blockNumber = Number(collected.blockNumber);
  const ids = async (table: 'tokens' | 'pools' | 'farms', addresses: Address[]) => {
    if (addresses.length === 0) return new Map<string, number>();
    const rows = await trx
      .selectFrom(table)
      .select(['id', 'address'])
      .where('chain_id', '=', collected.chainId)
      .where('address', 'in', addresses)
      .execute();
    const found = new Map(rows.map((r) => [r.address.toLowerCase(), r.id]));
    const missing = addresses.find((a) => !found.has(a.toLowerCase()));
    if (missing) throw new AppError('NOT_FOUND', `${table} ${missing} is not imported: import it first`);
    return found;
  };
  const tokenIds = await ids(
    'tokens',
    collected.tokens.map((t) => getAddress(t.address)),
  );
  const poolIds = await ids(
    'pools',
    collected.pools.map((p) => p.address),
  );
  const farmIds = await ids(
    'farms',
    collected.farms.map((f) => f.address),
  );
  const id = (map: Map<string, number>, address: string) => map.get(address.toLowerCase())!;

  if (collected.tokens.length > 0) {
    await trx
      .insertInto('token_snapshots')
      .values(
        collected.tokens.map((t) => ({
          token_id: id(tokenIds, t.address),
          price_usd: t.usd,
          price_source: t.source,
          onchain_price_usd: t.onchainUsd,
          block_number: blockNumber,
          created_on: createdOn,
        })),
      )
      .execute();
  }
  if (collected.pools.length > 0) {
    await trx
      .insertInto('pool_snapshots')
      .values(
        collected.pools.map((p) => ({
          pool_id: id(poolIds, p.address),
          reserve0: p.reserve0,
          reserve1: p.reserve1,
          total_supply: p.totalSupply,
          price0_usd: p.price0Usd,
          price1_usd: p.price1Usd,
          total_liquidity_usd: p.totalLiquidityUsd,
          block_number: blockNumber,
          created_on: createdOn,
        })),
      )
      .onConflict((oc) => oc.columns(['pool_id', 'block_number']).doNothing())
      .execute();
  }
  for (const f of collected.farms) {
    await trx
      .insertInto('farm_snapshots')
      .values({
        farm_id: id(farmIds, f.address),
        total_supply: f.totalSupply,
        total_liquidity_usd: f.totalLiquidityUsd,
        share_of_pool: f.shareOfPool,
        reward_rate_a: f.rewardRates[0] ?? '0',
        reward_rate_b: f.rewardRates[1] ?? null,
        reward_a_price_usd: f.rewardPricesUsd[0] ?? null,
        reward_b_price_usd: f.rewardPricesUsd[1] ?? null,
        period_finish: f.periodFinish.toISOString(),
        is_ended: f.isEnded ? 1 : 0,
        is_paused: f.isPaused ? 1 : 0,
        apr: f.apr,
        block_number: blockNumber,
        created_on: createdOn,
      })
      .onConflict((oc) => oc.columns(['farm_id', 'block_number']).doNothing())
      .execute();
    if (options.isPast) continue;
    await trx
      .updateTable('farms')
      .set({ period_finish: f.periodFinish.toISOString() })
      .where('id', '=', id(farmIds, f.address))
      .execute();
    await syncFarmIndexRow(trx, collected.chainId, f, blockNumber, createdOn);
  }
  if (collected.positions.length > 0) {
    await trx
      .insertInto('position_snapshots')
      .values(
        collected.positions.map((p) => ({
          farm_id: id(farmIds, p.farm),
          account_address: p.account,
          staked: p.staked,
          total_liquidity_usd: p.totalLiquidityUsd,
          share_of_farm: p.shareOfFarm,
          earned_a: p.earned[0]?.amount ?? '0',
          earned_a_in_usd: p.earned[0]?.usd ?? null,
          earned_b: p.earned[1]?.amount ?? null,
          earned_b_in_usd: p.earned[1]?.usd ?? null,
          price_sources: JSON.stringify(p.priceSources),
          block_number: blockNumber,
          created_on: createdOn,
        })),
      )
      .onConflict((oc) => oc.columns(['farm_id', 'account_address', 'block_number']).doNothing())
      .execute();
  }
}

/**
 * The list of every farm shows an imported farm's newest snapshot figures, not an older index read:
 * one TVL per farm on every screen (decision 021). Only moves the row forward (a newer block).
 */
async function syncFarmIndexRow(
  trx: DbOrTrx,
  chainId: number,
  farm: CollectedSnapshots['farms'][number],
  blockNumber: number,
  at: string,
): Promise<void> {
  await trx
    .updateTable('farm_index')
    .set({
      total_staked: farm.totalSupply,
      tvl_usd: farm.totalLiquidityUsd,
      apr: farm.apr,
      is_ended: farm.isEnded ? 1 : 0,
      is_paused: farm.isPaused ? 1 : 0,
      block_number: blockNumber,
      updated_at: at,
    })
    .where('chain_id', '=', chainId)
    .where('address', '=', getAddress(farm.address))
    .where('block_number', '<=', blockNumber)
    .execute();
}
