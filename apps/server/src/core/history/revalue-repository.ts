import type { DbOrTrx } from '../db/index.ts';
import { selectFarmsWithTokens } from '../farms/farm-view-repository.ts';

/**
 * The SQL of revalue-history.ts (decision 021): the stored snapshots a token's return to its on-chain price
 * recomputes, and their new figures. Every function runs in the caller's transaction.
 */

/** Reads the farms whose pair or rewards hold `tokenId`, with their pool's and tokens' ids and decimals. */
export function findFarmsOfTokenRows(trx: DbOrTrx, tokenId: number) {
  return selectFarmsWithTokens(trx)
    .select([
      'farms.id as farm_id',
      'pools.id as pool_id',
      't0.id as t0_id',
      't0.decimals as t0_decimals',
      't1.id as t1_id',
      't1.decimals as t1_decimals',
      'ra.id as ra_id',
      'ra.decimals as ra_decimals',
      'rb.id as rb_id',
      'rb.decimals as rb_decimals',
    ])
    .where((eb) =>
      eb.or([
        eb('t0.id', '=', tokenId),
        eb('t1.id', '=', tokenId),
        eb('ra.id', '=', tokenId),
        eb('rb.id', '=', tokenId),
      ]),
    )
    .execute();
}

/** Reads the token snapshots of `tokenIds` at `block` with the token's address, oldest row first. */
export function findTokenPricesAtBlock(trx: DbOrTrx, tokenIds: number[], block: number) {
  return trx
    .selectFrom('token_snapshots')
    .innerJoin('tokens', 'tokens.id', 'token_snapshots.token_id')
    .select([
      'token_snapshots.token_id',
      'token_snapshots.price_usd',
      'token_snapshots.price_source',
      'tokens.address',
    ])
    .where('token_snapshots.token_id', 'in', tokenIds)
    .where('token_snapshots.block_number', '=', block)
    .orderBy('token_snapshots.id', 'asc')
    .execute();
}

/** Reads a pool's snapshot at `block`, if any. */
export function findPoolSnapshotAtBlock(trx: DbOrTrx, poolId: number, block: number) {
  return trx
    .selectFrom('pool_snapshots')
    .selectAll()
    .where('pool_id', '=', poolId)
    .where('block_number', '=', block)
    .executeTakeFirst();
}

/** Reads a farm's snapshot at `block`, if any. */
export function findFarmSnapshotAtBlock(trx: DbOrTrx, farmId: number, block: number) {
  return trx
    .selectFrom('farm_snapshots')
    .selectAll()
    .where('farm_id', '=', farmId)
    .where('block_number', '=', block)
    .executeTakeFirst();
}

/** Reads every position snapshot of a farm at `block`. */
export function findPositionSnapshotsAtBlock(trx: DbOrTrx, farmId: number, block: number) {
  return trx
    .selectFrom('position_snapshots')
    .selectAll()
    .where('farm_id', '=', farmId)
    .where('block_number', '=', block)
    .execute();
}

/** Writes a pool snapshot's recomputed prices and liquidity. */
export async function updatePoolSnapshotValues(
  trx: DbOrTrx,
  id: number,
  values: { price0_usd: number | null; price1_usd: number | null; total_liquidity_usd: number | null },
): Promise<void> {
  await trx.updateTable('pool_snapshots').set(values).where('id', '=', id).execute();
}

/** Writes a farm snapshot's recomputed liquidity, APR and reward prices. */
export async function updateFarmSnapshotValues(
  trx: DbOrTrx,
  id: number,
  values: {
    total_liquidity_usd: number | null;
    apr: number | null;
    reward_a_price_usd: number | null;
    reward_b_price_usd: number | null;
  },
): Promise<void> {
  await trx.updateTable('farm_snapshots').set(values).where('id', '=', id).execute();
}

/** Writes a position snapshot's recomputed values and price sources. */
export async function updatePositionSnapshotValues(
  trx: DbOrTrx,
  id: number,
  values: {
    total_liquidity_usd: number | null;
    earned_a_in_usd: number | null;
    earned_b_in_usd: number | null;
    price_sources: string | null;
  },
): Promise<void> {
  await trx.updateTable('position_snapshots').set(values).where('id', '=', id).execute();
}

/** Reads the newest on-chain route a token's snapshots were priced by (pair, lair, redenomination or hub). */
export function findLastOnchainRoute(trx: DbOrTrx, tokenId: number) {
  return trx
    .selectFrom('token_snapshots')
    .select('price_source')
    .where('token_id', '=', tokenId)
    .where('price_source', 'in', ['pair', 'lair', 'redenomination', 'hub'])
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Reads a token's snapshots priced by the API (coinmarketcap), with the on-chain price stored beside each. */
export function findApiPricedTokenSnapshots(trx: DbOrTrx, tokenId: number) {
  return trx
    .selectFrom('token_snapshots')
    .select(['id', 'block_number', 'onchain_price_usd'])
    .where('token_id', '=', tokenId)
    .where('price_source', '=', 'coinmarketcap')
    .execute();
}

/** Writes a token snapshot's price and its source. */
export async function updateTokenSnapshotPrice(
  trx: DbOrTrx,
  id: number,
  values: { price_usd: number | null; price_source: string | null },
): Promise<void> {
  await trx.updateTable('token_snapshots').set(values).where('id', '=', id).execute();
}
