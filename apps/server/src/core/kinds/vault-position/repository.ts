import type { Kysely } from 'kysely';
import type { Database } from '../../db/index.ts';

/** What a vault position's portfolio entry and alerts read, in SQL. */

type Db = Kysely<Database>;

/** The user's tracked vault positions on the chain, each with its newest snapshot and its newest at or before `dayAgo`. */
export async function findTrackedVaultValues(db: Db, userId: number, chainId: number, dayAgo: string) {
  const tracked = await db
    .selectFrom('vault_tracked_positions as t')
    .innerJoin('vault_positions as p', 'p.id', 't.position_id')
    .select(['p.id as position_id', 'p.wallet_address', 'p.contract_address', 'p.position_type'])
    .where('t.user_id', '=', userId)
    .where('p.chain_id', '=', chainId)
    .orderBy('t.id')
    .execute();
  return Promise.all(
    tracked.map(async (position) => {
      const newest = await newestSnapshot(db, position.position_id);
      const dayBefore = await newestSnapshot(db, position.position_id, dayAgo);
      return { ...position, newest, dayBefore };
    }),
  );
}

/** A position's newest snapshot (at or before `at`, ISO, when given); undefined when none. */
export function newestSnapshot(db: Db, positionId: number, at?: string) {
  let query = db
    .selectFrom('vault_position_snapshots')
    .selectAll()
    .where('position_id', '=', positionId)
    .orderBy('block_number', 'desc')
    .limit(1);
  if (at !== undefined) query = query.where('created_on', '<=', at);
  return query.executeTakeFirst();
}

/** Who tracks a vault position, with where and whether they take alert e-mails. */
export function findVaultTrackers(db: Db, positionId: number) {
  return db
    .selectFrom('vault_tracked_positions as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select(['u.id', 'u.email', 'u.alert_email'])
    .where('t.position_id', '=', positionId)
    .execute();
}

/** The positions (by id) with their wallet, contract and kind. */
export function findVaultPositions(db: Db, positionIds: number[]) {
  if (positionIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('vault_positions')
    .select(['id', 'wallet_address', 'contract_address', 'position_type'])
    .where('id', 'in', positionIds)
    .execute();
}

/**
 * Where a vault position's current base-range state began: the first snapshot in it after the newest one in the
 * other state (whatever their number), and whether there was such a one (a vault first seen in range crossed
 * nothing). Null when it has no snapshot in that state.
 */
export async function findVaultRangeCrossing(db: Db, positionId: number, isInRange: boolean) {
  const opposite = await db
    .selectFrom('vault_position_snapshots')
    .select('block_number')
    .where('position_id', '=', positionId)
    .where('in_range', '=', isInRange ? 0 : 1)
    .orderBy('block_number', 'desc')
    .limit(1)
    .executeTakeFirst();
  let since = db
    .selectFrom('vault_position_snapshots')
    .select('block_number')
    .where('position_id', '=', positionId)
    .where('in_range', '=', isInRange ? 1 : 0);
  if (opposite) since = since.where('block_number', '>', opposite.block_number);
  const first = await since.orderBy('block_number', 'asc').limit(1).executeTakeFirst();
  return first ? { block: Number(first.block_number), hadOpposite: opposite !== undefined } : null;
}

/**
 * The wallet's vault positions with stored history (events), tracked now or not, with their newest snapshot's
 * figures (their labels) and how far their history was read; `positionId` narrows to one.
 */
export async function findVaultPositionsWithHistory(db: Db, chainId: number, wallet: string) {
  const positions = await db
    .selectFrom('vault_positions as p')
    .innerJoin('vault_history_scans as s', 's.position_id', 'p.id')
    .select([
      'p.id as position_id',
      'p.contract_address',
      'p.position_type',
      's.scanned_to_block',
      's.has_unexplained',
    ])
    .where('p.chain_id', '=', chainId)
    .where('p.wallet_address', '=', wallet)
    .execute();
  return Promise.all(
    positions.map(async (position) => ({
      ...position,
      newest: await newestSnapshot(db, position.position_id),
    })),
  );
}

/** The stored events of these positions, in chain order. */
export function findVaultEvents(db: Db, positionIds: number[]) {
  if (positionIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('vault_position_events')
    .selectAll()
    .where('position_id', 'in', positionIds)
    .orderBy('block_number')
    .orderBy('log_index')
    .execute();
}

/** How far a position's history was read, and whether a transfer no row explains was seen; undefined before. */
export function findVaultHistoryScan(db: Db, positionId: number) {
  return db
    .selectFrom('vault_history_scans')
    .select(['scanned_to_block', 'has_unexplained'])
    .where('position_id', '=', positionId)
    .executeTakeFirst();
}

/** A position's snapshots, oldest first. */
export function findVaultSnapshots(db: Db, positionId: number) {
  return db
    .selectFrom('vault_position_snapshots')
    .selectAll()
    .where('position_id', '=', positionId)
    .orderBy('block_number')
    .execute();
}
