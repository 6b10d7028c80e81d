import type { Kysely } from 'kysely';
import type { Database, DbOrTrx } from '../../core/db/index.ts';

/** Tracked wallets on chains beside Polygon and their snapshots, in SQL. */

type Db = Kysely<Database>;

/** A snapshot row as stored: everything the wallet held on its chain at one block. */
export type ChainSnapshotRow = {
  chain_wallet_id: number;
  block_number: number;
  created_on: string;
  total_usd: number | null;
  holdings: string;
};

/** The (chain, wallet)'s id, added when new (another process adding it meanwhile is fine). */
export async function upsertChainWallet(
  db: DbOrTrx,
  wallet: { chainId: number; address: string; at: string },
): Promise<number> {
  await db
    .insertInto('chain_wallets')
    .values({ chain_id: wallet.chainId, wallet_address: wallet.address, created_at: wallet.at })
    .onConflict((oc) => oc.columns(['chain_id', 'wallet_address']).doNothing())
    .execute();
  const row = await db
    .selectFrom('chain_wallets')
    .select('id')
    .where('chain_id', '=', wallet.chainId)
    .where('wallet_address', '=', wallet.address)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The user tracks the wallet on its chain (once: tracking it again changes nothing). Answers the tracking id. */
export async function insertTrackedChainWallet(
  db: DbOrTrx,
  userId: number,
  chainWalletId: number,
  at: string,
): Promise<number> {
  await db
    .insertInto('chain_tracked_wallets')
    .values({ user_id: userId, chain_wallet_id: chainWalletId, created_at: at })
    .onConflict((oc) => oc.columns(['user_id', 'chain_wallet_id']).doNothing())
    .execute();
  const row = await db
    .selectFrom('chain_tracked_wallets')
    .select('id')
    .where('user_id', '=', userId)
    .where('chain_wallet_id', '=', chainWalletId)
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Stops the user's tracking `id`; false when it is not theirs. Looked up first: on PostgreSQL a DELETE of no row
 * still fires the statement's data_version trigger, and a refused request must write nothing.
 */
export async function deleteTrackedChainWallet(db: Db, userId: number, id: number): Promise<boolean> {
  const mine = await db
    .selectFrom('chain_tracked_wallets')
    .select('id')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!mine) return false;
  await db.deleteFrom('chain_tracked_wallets').where('id', '=', mine.id).execute();
  return true;
}

/** Snapshots of followed wallets; a second one of the same wallet and block is left as the first. */
export async function insertChainSnapshots(db: DbOrTrx, rows: ChainSnapshotRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('chain_wallet_snapshots')
    .values(rows)
    .onConflict((oc) => oc.columns(['chain_wallet_id', 'block_number']).doNothing())
    .execute();
}
