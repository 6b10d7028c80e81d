import type { Kysely } from 'kysely';
import type { Database, DbOrTrx } from '../../../core/db/index.ts';
import {
  deleteUnfollowedRows,
  findFollowedWithoutRow,
  insertFollowingRows,
} from '../../../core/jobs/followed-rows-repository.ts';
import { claimedRows, dueRows } from '../../../core/jobs/schedule-rows-repository.ts';

/**
 * The schedule of tracked V3 positions' automatic snapshots (v3_snapshot_schedule), as snapshot_schedule is
 * for V2 pairs (decision 012): one row per tracked position whoever tracks it, claimed under a lease so two
 * processes never snapshot it in the same round, marked in the transaction that stores its snapshot.
 */

/** A tracked position as a round claims it. */
export type DueV3Position = { scheduleId: number; positionId: number; tokenId: string; failures: number };

const iso = (date: Date) => date.toISOString();

/**
 * A schedule row for every tracked position that has none (due one interval after its newest snapshot, so
 * a position just tracked and snapshotted is not read again at once), and none for positions nobody tracks.
 * Idempotent: any process may run it at the start of a round.
 */
export async function reconcileV3Schedule(
  db: Kysely<Database>,
  now: Date,
  intervalMs: number,
): Promise<void> {
  const missing = await findFollowedWithoutRow(db, 'v3_snapshot_schedule');
  const rows = [];
  for (const { position_id } of missing) {
    const last = await db
      .selectFrom('v3_position_snapshots')
      .where('position_id', '=', Number(position_id))
      .select((eb) => eb.fn.max('created_on').as('at'))
      .executeTakeFirst();
    const nextDue = last?.at ? new Date(new Date(last.at).getTime() + intervalMs) : now;
    rows.push({ position_id, next_due_at: iso(nextDue) });
  }
  await insertFollowingRows(db, 'v3_snapshot_schedule', rows);
  await deleteUnfollowedRows(db, 'v3_snapshot_schedule');
}

const dueColumns = ['s.id', 's.position_id', 'p.token_id', 's.failures'] as const;

/** The schedule's rows `s` with the position each follows (both reads below start from it). */
const positionRows = (db: DbOrTrx) =>
  db
    .selectFrom('v3_snapshot_schedule as s')
    .innerJoin('v3_positions as p', 'p.id', 's.position_id')
    .select(dueColumns);
const toDue = (r: {
  id: number;
  position_id: number;
  token_id: string;
  failures: number;
}): DueV3Position => ({
  scheduleId: r.id,
  positionId: r.position_id,
  tokenId: r.token_id,
  failures: r.failures,
});

/** Due and free positions, oldest first, locked on PostgreSQL (the scheduled round claims them). */
export async function selectDueV3Positions(
  trx: DbOrTrx,
  due: { now: string; limit: number; isPostgres: boolean },
): Promise<DueV3Position[]> {
  return (await dueRows(positionRows(trx), 'v3_snapshot_schedule', due).execute()).map(toDue);
}

/** The positions of a queued batch not yet stored since their claim (a retried job skips the others). */
export async function loadClaimedV3Positions(
  db: Kysely<Database>,
  scheduleIds: number[],
  claimedAt: Date,
): Promise<DueV3Position[]> {
  if (scheduleIds.length === 0) return [];
  return (await claimedRows(positionRows(db), scheduleIds, claimedAt).execute()).map(toDue);
}
