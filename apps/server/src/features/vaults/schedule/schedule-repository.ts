import type { Kysely } from 'kysely';
import type { Database, DbOrTrx } from '../../../core/db/index.ts';
import type { VaultPositionType } from '../../../core/db/tables/vault-positions.ts';
import {
  deleteUnfollowedRows,
  findFollowedWithoutRow,
  insertFollowingRows,
} from '../../../core/jobs/followed-rows-repository.ts';
import { claimedRows, dueRows } from '../../../core/jobs/schedule-rows-repository.ts';

/**
 * The schedule of tracked vault positions' automatic snapshots (vault_snapshot_schedule), as the V2 and V3
 * schedules are (decision 012): one row per tracked position whoever tracks it, claimed under a lease, marked in
 * the transaction that stores its snapshot.
 */

/** A tracked position as a round claims it. */
export type DueVaultPosition = {
  scheduleId: number;
  positionId: number;
  wallet: string;
  contract: string;
  type: VaultPositionType;
  failures: number;
};

const iso = (date: Date) => date.toISOString();

/**
 * A schedule row for every tracked position that has none (due one interval after its newest snapshot: tracking
 * took one), and none for positions nobody tracks. Idempotent: any process may run it at the start of a round.
 */
export async function reconcileVaultSchedule(
  db: Kysely<Database>,
  now: Date,
  intervalMs: number,
): Promise<void> {
  const missing = await findFollowedWithoutRow(db, 'vault_snapshot_schedule');
  const rows = [];
  for (const { position_id } of missing) {
    const last = await db
      .selectFrom('vault_position_snapshots')
      .where('position_id', '=', Number(position_id))
      .select((eb) => eb.fn.max('created_on').as('at'))
      .executeTakeFirst();
    const nextDue = last?.at ? new Date(new Date(last.at).getTime() + intervalMs) : now;
    rows.push({ position_id, next_due_at: iso(nextDue) });
  }
  await insertFollowingRows(db, 'vault_snapshot_schedule', rows);
  await deleteUnfollowedRows(db, 'vault_snapshot_schedule');
}

/** The schedule's rows `s` with the position each follows (both reads below start from it). */
const positionRows = (db: DbOrTrx) =>
  db
    .selectFrom('vault_snapshot_schedule as s')
    .innerJoin('vault_positions as p', 'p.id', 's.position_id')
    .select([
      's.id',
      's.position_id',
      'p.wallet_address',
      'p.contract_address',
      'p.position_type',
      's.failures',
    ]);
const toDue = (r: {
  id: number;
  position_id: number;
  wallet_address: string;
  contract_address: string;
  position_type: VaultPositionType;
  failures: number;
}): DueVaultPosition => ({
  scheduleId: r.id,
  positionId: r.position_id,
  wallet: r.wallet_address,
  contract: r.contract_address,
  type: r.position_type,
  failures: r.failures,
});

/** Due and free positions, oldest first, locked on PostgreSQL (the scheduled round claims them). */
export async function selectDueVaultPositions(
  trx: DbOrTrx,
  due: { now: string; limit: number; isPostgres: boolean },
): Promise<DueVaultPosition[]> {
  return (await dueRows(positionRows(trx), 'vault_snapshot_schedule', due).execute()).map(toDue);
}

/** The positions of a queued batch not yet stored since their claim (a retried job skips the others). */
export async function loadClaimedVaultPositions(
  db: Kysely<Database>,
  scheduleIds: number[],
  claimedAt: Date,
): Promise<DueVaultPosition[]> {
  if (scheduleIds.length === 0) return [];
  return (await claimedRows(positionRows(db), scheduleIds, claimedAt).execute()).map(toDue);
}
