import type { Kysely } from 'kysely';
import type { Database } from '../../db/index.ts';

/** What a tracked wallet on another chain gives the portfolio and the alerts, in SQL. */

type Db = Kysely<Database>;

/**
 * The user's tracked wallets on other chains, oldest tracked first, with each one's newest snapshot and why its last
 * automatic snapshot failed (null after a success).
 */
export async function findTrackedChainWallets(db: Db, userId: number) {
  const tracked = await db
    .selectFrom('chain_tracked_wallets as t')
    .innerJoin('chain_wallets as w', 'w.id', 't.chain_wallet_id')
    .leftJoin('chain_snapshot_schedule as s', 's.chain_wallet_id', 'w.id')
    .select([
      't.id',
      't.created_at as tracked_at',
      'w.id as chain_wallet_id',
      'w.chain_id',
      'w.wallet_address',
      's.last_error',
      's.last_error_at',
    ])
    .where('t.user_id', '=', userId)
    .orderBy('t.id')
    .execute();
  return Promise.all(
    tracked.map(async (wallet) => ({
      ...wallet,
      newest: await newestChainSnapshot(db, wallet.chain_wallet_id),
    })),
  );
}

/** A followed wallet's newest snapshot (at or before `at`, ISO, when given); undefined when none. */
export function newestChainSnapshot(db: Db, chainWalletId: number, at?: string) {
  let query = db
    .selectFrom('chain_wallet_snapshots')
    .selectAll()
    .where('chain_wallet_id', '=', chainWalletId)
    .orderBy('block_number', 'desc')
    .limit(1);
  if (at !== undefined) query = query.where('created_on', '<=', at);
  return query.executeTakeFirst();
}

/** A followed wallet's snapshots, newest first, at most `limit`, with their totals (its history of values). */
export function chainSnapshotTotals(db: Db, chainWalletId: number, limit: number) {
  return db
    .selectFrom('chain_wallet_snapshots')
    .select(['block_number', 'created_on', 'total_usd', 'holdings'])
    .where('chain_wallet_id', '=', chainWalletId)
    .orderBy('block_number', 'desc')
    .limit(limit)
    .execute();
}

/** A followed wallet's snapshots, newest first, at most `limit` (where a V4 position's range state began). */
export function recentChainSnapshots(db: Db, chainWalletId: number, limit: number) {
  return db
    .selectFrom('chain_wallet_snapshots')
    .select(['block_number', 'holdings'])
    .where('chain_wallet_id', '=', chainWalletId)
    .orderBy('block_number', 'desc')
    .limit(limit)
    .execute();
}

/** The followed wallets (by id), with their chain and address. */
export function findChainWallets(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('chain_wallets')
    .select(['id', 'chain_id', 'wallet_address'])
    .where('id', 'in', ids)
    .execute();
}

/** Who tracks a followed wallet, and whether they take alert e-mails. */
export function findChainWalletTrackers(db: Db, chainWalletId: number) {
  return db
    .selectFrom('chain_tracked_wallets as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select(['u.id', 'u.email', 'u.alert_email'])
    .where('t.chain_wallet_id', '=', chainWalletId)
    .execute();
}

/** A followed wallet's position scans (how far each V4 position's history was read), by token id. */
export async function findPositionScans(db: Db, chainWalletId: number) {
  const rows = await db
    .selectFrom('chain_position_scans')
    .selectAll()
    .where('chain_wallet_id', '=', chainWalletId)
    .orderBy('id')
    .execute();
  return new Map(rows.map((row) => [row.token_id, row]));
}

/** A followed wallet's stored events of one V4 position (every position's when `tokenId` is absent), chain order. */
export function loadPositionEvents(db: Db, chainWalletId: number, tokenId?: string) {
  let query = db
    .selectFrom('chain_position_events')
    .selectAll()
    .where('chain_wallet_id', '=', chainWalletId)
    .orderBy('block_number')
    .orderBy('log_index')
    .orderBy('token_id');
  if (tokenId !== undefined) query = query.where('token_id', '=', tokenId);
  return query.execute();
}

/** A followed wallet's newest snapshot at or below a block; undefined when none. */
export function newestChainSnapshotAtBlock(db: Db, chainWalletId: number, block: number) {
  return db
    .selectFrom('chain_wallet_snapshots')
    .selectAll()
    .where('chain_wallet_id', '=', chainWalletId)
    .where('block_number', '<=', block)
    .orderBy('block_number', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The user's tracked wallets with this address, on every chain beside Polygon. */
export function findUserChainWallets(db: Db, userId: number, wallet: string) {
  return db
    .selectFrom('chain_tracked_wallets as t')
    .innerJoin('chain_wallets as w', 'w.id', 't.chain_wallet_id')
    .select(['w.id as chain_wallet_id', 'w.chain_id', 'w.wallet_address'])
    .where('t.user_id', '=', userId)
    .where('w.wallet_address', '=', wallet)
    .orderBy('w.chain_id')
    .execute();
}
