import type { Kysely } from 'kysely';
import type { Database, DbOrTrx } from '../../../core/db/index.ts';
import {
  deleteUnfollowedRows,
  findFollowedWithoutRow,
  insertFollowingRows,
} from '../../../core/jobs/followed-rows-repository.ts';
import { claimedRows, dueRows } from '../../../core/jobs/schedule-rows-repository.ts';

/**
 * The schedule of tracked wallets' automatic snapshots on chains beside Polygon (chain_snapshot_schedule), as the
 * other kinds' schedules are (decision 012): one row per followed wallet whoever tracks it, claimed under a lease,
 * marked in the transaction that stores its snapshot.
 */

/** A followed wallet as a round claims it. */
export type DueChainWallet = {
  scheduleId: number;
  chainWalletId: number;
  chainId: number;
  wallet: string;
  failures: number;
};

/**
 * A schedule row for every tracked wallet that has none (due one interval after its newest snapshot: tracking took
 * one), and none for wallets nobody tracks. Idempotent: any process may run it at the start of a round.
 */
export async function reconcileChainSchedule(
  db: Kysely<Database>,
  now: Date,
  intervalMs: number,
): Promise<void> {
  const missing = await findFollowedWithoutRow(db, 'chain_snapshot_schedule');
  const rows = [];
  for (const { chain_wallet_id } of missing) {
    const last = await db
      .selectFrom('chain_wallet_snapshots')
      .where('chain_wallet_id', '=', Number(chain_wallet_id))
      .select((eb) => eb.fn.max('created_on').as('at'))
      .executeTakeFirst();
    const nextDue = last?.at ? new Date(new Date(last.at).getTime() + intervalMs) : now;
    rows.push({ chain_wallet_id, next_due_at: nextDue.toISOString() });
  }
  await insertFollowingRows(db, 'chain_snapshot_schedule', rows);
  await deleteUnfollowedRows(db, 'chain_snapshot_schedule');
}

/** The schedule's rows `s` with the wallet each follows (both reads below start from it). */
const walletRows = (db: DbOrTrx) =>
  db
    .selectFrom('chain_snapshot_schedule as s')
    .innerJoin('chain_wallets as w', 'w.id', 's.chain_wallet_id')
    .select(['s.id', 's.chain_wallet_id', 'w.chain_id', 'w.wallet_address', 's.failures']);
const toDue = (r: {
  id: number;
  chain_wallet_id: number;
  chain_id: number;
  wallet_address: string;
  failures: number;
}): DueChainWallet => ({
  scheduleId: r.id,
  chainWalletId: r.chain_wallet_id,
  chainId: r.chain_id,
  wallet: r.wallet_address,
  failures: r.failures,
});

/** Due and free wallets, oldest first, locked on PostgreSQL (the scheduled round claims them). */
export async function selectDueChainWallets(
  trx: DbOrTrx,
  due: { now: string; limit: number; isPostgres: boolean },
): Promise<DueChainWallet[]> {
  return (await dueRows(walletRows(trx), 'chain_snapshot_schedule', due).execute()).map(toDue);
}

/** The wallets of a queued batch not yet stored since their claim (a retried job skips the others). */
export async function loadClaimedChainWallets(
  db: Kysely<Database>,
  scheduleIds: number[],
  claimedAt: Date,
): Promise<DueChainWallet[]> {
  if (scheduleIds.length === 0) return [];
  return (await claimedRows(walletRows(db), scheduleIds, claimedAt).execute()).map(toDue);
}
