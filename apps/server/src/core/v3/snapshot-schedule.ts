import type { Kysely } from 'kysely';
import type { Database, DbOrTrx } from '../db/index.ts';
import { claimRows, isFreeAt, leaseFrom } from '../jobs/lease.ts';

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
  const missing = await db
    .selectFrom('v3_tracked_positions as t')
    .leftJoin('v3_snapshot_schedule as s', 's.position_id', 't.position_id')
    .where('s.id', 'is', null)
    .select('t.position_id')
    .distinct()
    .execute();
  for (const { position_id } of missing) {
    const last = await db
      .selectFrom('v3_position_snapshots')
      .where('position_id', '=', position_id)
      .select((eb) => eb.fn.max('created_on').as('at'))
      .executeTakeFirst();
    const nextDue = last?.at ? new Date(new Date(last.at).getTime() + intervalMs) : now;
    await db
      .insertInto('v3_snapshot_schedule')
      .values({ position_id, next_due_at: iso(nextDue) })
      .onConflict((oc) => oc.column('position_id').doNothing())
      .execute();
  }
  await db
    .deleteFrom('v3_snapshot_schedule')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('v3_tracked_positions as t')
            .select('t.id')
            .whereRef('t.position_id', '=', 'v3_snapshot_schedule.position_id'),
        ),
      ),
    )
    .execute();
}

/**
 * Claims up to `limit` due positions for `leaseMs` in the transaction that selects them (FOR UPDATE SKIP
 * LOCKED on PostgreSQL): two processes never claim the same one; a lease left by a dead process expires.
 */
export async function claimDueV3Positions(
  db: Kysely<Database>,
  options: { now: Date; leaseMs: number; limit: number; isPostgres: boolean },
): Promise<DueV3Position[]> {
  const now = iso(options.now);
  return db.transaction().execute(async (trx) => {
    let query = trx
      .selectFrom('v3_snapshot_schedule as s')
      .innerJoin('v3_positions as p', 'p.id', 's.position_id')
      .where('s.next_due_at', '<=', now)
      .where(isFreeAt('v3_snapshot_schedule', now))
      .select(['s.id', 's.position_id', 'p.token_id', 's.failures'])
      .orderBy('s.next_due_at')
      .limit(options.limit);
    if (options.isPostgres) query = query.forUpdate('s').skipLocked();
    const rows = await query.execute();
    const claimed = new Set(
      await claimRows(
        trx,
        'v3_snapshot_schedule',
        rows.map((r) => r.id),
        leaseFrom(options.now, options.leaseMs),
      ),
    );
    return rows
      .filter((r) => claimed.has(r.id))
      .map((r) => ({
        scheduleId: r.id,
        positionId: r.position_id,
        tokenId: r.token_id,
        failures: r.failures,
      }));
  });
}

/** The positions of a queued batch not yet stored since their claim (a retried job skips the others). */
export async function loadClaimedV3Positions(
  db: Kysely<Database>,
  scheduleIds: number[],
  claimedAt: Date,
): Promise<DueV3Position[]> {
  if (scheduleIds.length === 0) return [];
  const rows = await db
    .selectFrom('v3_snapshot_schedule as s')
    .innerJoin('v3_positions as p', 'p.id', 's.position_id')
    .where('s.id', 'in', scheduleIds)
    .where((eb) => eb.or([eb('s.last_run_at', 'is', null), eb('s.last_run_at', '<', iso(claimedAt))]))
    .select(['s.id', 's.position_id', 'p.token_id', 's.failures'])
    .execute();
  return rows.map((r) => ({
    scheduleId: r.id,
    positionId: r.position_id,
    tokenId: r.token_id,
    failures: r.failures,
  }));
}

/**
 * Records a success: next due one interval on, failures cleared, lease released; only for rows not run
 * since `claimedAt` (a second copy of a batch marks nothing). Answers the schedule ids it marked.
 */
export async function markV3PositionsDone(
  db: DbOrTrx,
  scheduleIds: number[],
  at: { now: Date; nextDueAt: Date; claimedAt: Date },
): Promise<Set<number>> {
  if (scheduleIds.length === 0) return new Set();
  const rows = await db
    .updateTable('v3_snapshot_schedule')
    .set({
      next_due_at: iso(at.nextDueAt),
      last_run_at: iso(at.now),
      last_error: null,
      last_error_at: null,
      failures: 0,
      lease_until: null,
    })
    .where('id', 'in', scheduleIds)
    .where((eb) => eb.or([eb('last_run_at', 'is', null), eb('last_run_at', '<', iso(at.claimedAt))]))
    .returning('id')
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** Records a failure: its one-line reason and the next try after a back-off; lease released. */
export async function markV3PositionsFailed(
  db: DbOrTrx,
  failed: { scheduleId: number; failures: number; nextDueAt: Date }[],
  reason: string,
  now: Date,
): Promise<void> {
  for (const row of failed) {
    await db
      .updateTable('v3_snapshot_schedule')
      .set({
        next_due_at: iso(row.nextDueAt),
        last_error: reason,
        last_error_at: iso(now),
        failures: row.failures + 1,
        lease_until: null,
      })
      .where('id', '=', row.scheduleId)
      .execute();
  }
}
