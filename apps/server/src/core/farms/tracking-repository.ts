import type { FarmKind } from '@tidewatch/shared';
import { getAddress } from 'viem';
import type { DbOrTrx } from '../db/index.ts';

export type TrackedStake = { farmId: number; wallet: string };

/**
 * After tracking rows went (untrack, a wallet removed, an account deleted): for each stake no user tracks
 * any more, its automatic-snapshot schedule and history job go at once (no orphan rows until the next
 * tick), and with `deleteHistory` its position snapshots and events too. A stake someone else still tracks
 * keeps everything. Returns the position snapshots deleted.
 */
export async function releaseUntrackedStakes(
  trx: DbOrTrx,
  stakes: TrackedStake[],
  options: { deleteHistory: boolean },
): Promise<number> {
  let deletedSnapshots = 0;
  for (const stake of stakes) {
    const wallet = getAddress(stake.wallet);
    const stillTracked = await trx
      .selectFrom('tracked_farms')
      .select('id')
      .where('farm_id', '=', stake.farmId)
      .where('wallet_address', '=', wallet)
      .executeTakeFirst();
    if (stillTracked) continue;
    await trx
      .deleteFrom('snapshot_schedule')
      .where('farm_id', '=', stake.farmId)
      .where('wallet_address', '=', wallet)
      .execute();
    await trx
      .deleteFrom('history_backfills')
      .where('farm_id', '=', stake.farmId)
      .where('wallet_address', '=', wallet)
      .execute();
    if (!options.deleteHistory) continue;
    await trx
      .deleteFrom('position_events')
      .where('farm_id', '=', stake.farmId)
      .where('wallet_address', '=', wallet)
      .execute();
    const deleted = await trx
      .deleteFrom('position_snapshots')
      .where('farm_id', '=', stake.farmId)
      .where('account_address', '=', wallet)
      .executeTakeFirst();
    deletedSnapshots += Number(deleted.numDeletedRows);
  }
  return deletedSnapshots;
}

/** The user's tracked stakes, optionally of one wallet. */
/** Stops the user tracking anything (their stakes are released by releaseUntrackedStakes). */
export async function deleteTrackingOfUser(db: DbOrTrx, userId: number): Promise<void> {
  await db.deleteFrom('tracked_farms').where('user_id', '=', userId).execute();
}

/**
 * Stops the user tracking anything with that wallet (its stakes are released by releaseUntrackedStakes), V3
 * positions too (their snapshots stay with the position, as untracking one leaves them).
 */
export async function deleteTrackingOfWallet(db: DbOrTrx, userId: number, wallet: string): Promise<void> {
  await db
    .deleteFrom('tracked_farms')
    .where('user_id', '=', userId)
    .where('wallet_address', '=', wallet)
    .execute();
  await db
    .deleteFrom('v3_tracked_positions')
    .where('user_id', '=', userId)
    .where('wallet_address', '=', wallet)
    .execute();
  // The vaults tool's positions of the wallet (its vault shares, lair and syrup stakes): their snapshots and
  // history stay, as a V3 position's do, for whoever else tracks them.
  await db
    .deleteFrom('vault_tracked_positions')
    .where('user_id', '=', userId)
    .where('position_id', 'in', (eb) =>
      eb.selectFrom('vault_positions').select('id').where('wallet_address', '=', wallet),
    )
    .execute();
}

/** The users tracking a stake (`wallet` as stored: checksummed). */
export async function findUsersTrackingStake(db: DbOrTrx, stake: TrackedStake): Promise<number[]> {
  const rows = await db
    .selectFrom('tracked_farms')
    .where('farm_id', '=', stake.farmId)
    .where('wallet_address', '=', stake.wallet)
    .select('user_id')
    .execute();
  return rows.map((row) => row.user_id);
}

export async function trackedStakesOf(db: DbOrTrx, userId: number, wallet?: string): Promise<TrackedStake[]> {
  let query = db
    .selectFrom('tracked_farms')
    .select(['farm_id', 'wallet_address'])
    .where('user_id', '=', userId);
  if (wallet) query = query.where('wallet_address', '=', getAddress(wallet));
  const rows = await query.execute();
  return rows.map((row) => ({ farmId: row.farm_id, wallet: row.wallet_address }));
}

/** Position snapshots of these stakes that no other user than `userId` tracks (what a removal would delete). */
export async function countPrivateSnapshots(
  db: DbOrTrx,
  userId: number,
  stakes: TrackedStake[],
): Promise<number> {
  let total = 0;
  for (const stake of stakes) {
    const others = await db
      .selectFrom('tracked_farms')
      .select('id')
      .where('farm_id', '=', stake.farmId)
      .where('wallet_address', '=', getAddress(stake.wallet))
      .where('user_id', '!=', userId)
      .executeTakeFirst();
    if (others) continue;
    const row = await db
      .selectFrom('position_snapshots')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('farm_id', '=', stake.farmId)
      .where('account_address', '=', getAddress(stake.wallet))
      .executeTakeFirstOrThrow();
    total += Number(row.n);
  }
  return total;
}

/** Tracks a farm with a wallet; tracking twice is a no-op. Returns whether a row was added. */
export async function insertTrackedFarm(
  db: DbOrTrx,
  row: { userId: number; farmId: number; walletAddress: string },
  now: Date,
): Promise<boolean> {
  const inserted = await db
    .insertInto('tracked_farms')
    .values({
      user_id: row.userId,
      farm_id: row.farmId,
      wallet_address: getAddress(row.walletAddress),
      created_at: now.toISOString(),
    })
    .onConflict((oc) => oc.columns(['user_id', 'farm_id', 'wallet_address']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Stops the user tracking the farm with that wallet. Returns whether a row was deleted. */
export async function deleteTrackedFarm(
  db: DbOrTrx,
  row: { userId: number; farmId: number; walletAddress: string },
): Promise<boolean> {
  const deleted = await db
    .deleteFrom('tracked_farms')
    .where('user_id', '=', row.userId)
    .where('farm_id', '=', row.farmId)
    .where('wallet_address', '=', row.walletAddress)
    .executeTakeFirst();
  return Number(deleted.numDeletedRows) > 0;
}

/** True when the user tracks the farm with that wallet. */
export async function isTracking(
  db: DbOrTrx,
  row: { userId: number; farmId: number; walletAddress: string },
): Promise<boolean> {
  const found = await db
    .selectFrom('tracked_farms')
    .select('id')
    .where('user_id', '=', row.userId)
    .where('farm_id', '=', row.farmId)
    .where('wallet_address', '=', getAddress(row.walletAddress))
    .executeTakeFirst();
  return found !== undefined;
}

/** The user's tracked (farm id, wallet) stakes, optionally for one kind and/or one wallet, oldest first. */
export async function findTrackedFarms(
  db: DbOrTrx,
  filter: { userId: number; kind?: FarmKind; walletAddress?: string },
): Promise<{ farmId: number; walletAddress: string }[]> {
  let query = db
    .selectFrom('tracked_farms')
    .innerJoin('farms', 'farms.id', 'tracked_farms.farm_id')
    .select(['tracked_farms.farm_id as farmId', 'tracked_farms.wallet_address as walletAddress'])
    .where('tracked_farms.user_id', '=', filter.userId);
  if (filter.kind) query = query.where('farms.kind', '=', filter.kind);
  if (filter.walletAddress)
    query = query.where('tracked_farms.wallet_address', '=', getAddress(filter.walletAddress));
  return query.orderBy('tracked_farms.id').execute();
}
