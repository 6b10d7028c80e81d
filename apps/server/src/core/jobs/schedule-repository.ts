import type { FarmKind } from '@tidewatch/shared';
import type { Kysely } from 'kysely';
import type { Address } from 'viem';
import type { Database, DbOrTrx } from '../db/index.ts';
import { claimRows, isFreeAt, leaseFrom } from './lease.ts';

/** A tracked (farm, wallet) pair as the scheduler claims it. */
export type DuePair = {
  scheduleId: number;
  farmId: number;
  farmAddress: Address;
  kind: FarmKind;
  wallet: Address;
  failures: number;
};

const iso = (date: Date) => date.toISOString();

type DuePairRow = {
  id: number;
  farm_id: number;
  address: string;
  kind: string;
  wallet_address: string;
  failures: number;
};
const toDuePair = (r: DuePairRow): DuePair => ({
  scheduleId: r.id,
  farmId: r.farm_id,
  farmAddress: r.address as Address,
  kind: r.kind as FarmKind,
  wallet: r.wallet_address as Address,
  failures: r.failures,
});

/**
 * Adds a schedule row for every tracked pair that has none (first due one interval after its last
 * position snapshot, so a pair just tracked is not snapshotted twice), and drops rows no user tracks.
 * Idempotent: any process may run it at the start of a run.
 */
export async function reconcileSchedule(db: Kysely<Database>, now: Date, intervalMs: number): Promise<void> {
  const missing = await db
    .selectFrom('tracked_farms as t')
    .leftJoin('snapshot_schedule as s', (join) =>
      join.onRef('s.farm_id', '=', 't.farm_id').onRef('s.wallet_address', '=', 't.wallet_address'),
    )
    .where('s.id', 'is', null)
    .select(['t.farm_id', 't.wallet_address'])
    .distinct()
    .execute();
  for (const pair of missing) {
    const last = await db
      .selectFrom('position_snapshots')
      .where('farm_id', '=', pair.farm_id)
      .where('account_address', '=', pair.wallet_address)
      .select((eb) => eb.fn.max('created_on').as('at'))
      .executeTakeFirst();
    const nextDue = last?.at ? new Date(new Date(last.at).getTime() + intervalMs) : now;
    await db
      .insertInto('snapshot_schedule')
      .values({ farm_id: pair.farm_id, wallet_address: pair.wallet_address, next_due_at: iso(nextDue) })
      .onConflict((oc) => oc.columns(['farm_id', 'wallet_address']).doNothing())
      .execute();
  }
  await db
    .deleteFrom('snapshot_schedule')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('tracked_farms as t')
            .select('t.id')
            .whereRef('t.farm_id', '=', 'snapshot_schedule.farm_id')
            .whereRef('t.wallet_address', '=', 'snapshot_schedule.wallet_address'),
        ),
      ),
    )
    .execute();
}

/**
 * Claims up to `limit` due pairs for `leaseMs`: their lease is set in the same transaction that selects
 * them (on PostgreSQL with FOR UPDATE SKIP LOCKED), so two processes never claim the same pair. A lease
 * left by a process that died expires, and the pair is claimed again.
 */
export async function claimDuePairs(
  db: Kysely<Database>,
  options: { now: Date; leaseMs: number; limit: number; isPostgres: boolean },
): Promise<DuePair[]> {
  const now = iso(options.now);
  return db.transaction().execute(async (trx) => {
    let query = trx
      .selectFrom('snapshot_schedule as s')
      .innerJoin('farms as f', 'f.id', 's.farm_id')
      .where('s.next_due_at', '<=', now)
      .where(isFreeAt('snapshot_schedule', now))
      .select(['s.id', 's.farm_id', 'f.address', 'f.kind', 's.wallet_address', 's.failures'])
      .orderBy('s.next_due_at')
      .limit(options.limit);
    if (options.isPostgres) query = query.forUpdate('s').skipLocked();
    const rows = await query.execute();
    const claimed = new Set(
      await claimRows(
        trx,
        'snapshot_schedule',
        rows.map((r) => r.id),
        leaseFrom(options.now, options.leaseMs),
      ),
    );
    return rows.filter((r) => claimed.has(r.id)).map(toDuePair);
  });
}

/**
 * The pairs of a queued batch that still need this run: a job retried after its worker died mid-way skips
 * the pairs that worker already stored (their last run is not older than the claim).
 */
export async function loadClaimedPairs(
  db: Kysely<Database>,
  scheduleIds: number[],
  claimedAt: Date,
): Promise<DuePair[]> {
  if (scheduleIds.length === 0) return [];
  const rows = await db
    .selectFrom('snapshot_schedule as s')
    .innerJoin('farms as f', 'f.id', 's.farm_id')
    .where('s.id', 'in', scheduleIds)
    .where((eb) => eb.or([eb('s.last_run_at', 'is', null), eb('s.last_run_at', '<', iso(claimedAt))]))
    .select(['s.id', 's.farm_id', 'f.address', 'f.kind', 's.wallet_address', 's.failures'])
    .execute();
  return rows.map(toDuePair);
}

/**
 * Records a success: next due at `nextDueAt` (per pair), failures cleared, lease released; only for pairs
 * not run since `claimedAt` (on PostgreSQL a concurrent copy waits on the row, then finds it run).
 * Returns the schedule ids it marked.
 */
export async function markPairsDone(
  db: DbOrTrx,
  done: { scheduleId: number; nextDueAt: Date }[],
  now: Date,
  claimedAt: Date,
): Promise<Set<number>> {
  const marked = new Set<number>();
  for (const pair of done) {
    const updated = await db
      .updateTable('snapshot_schedule')
      .set({
        next_due_at: iso(pair.nextDueAt),
        last_run_at: iso(now),
        last_error: null,
        last_error_at: null,
        failures: 0,
        lease_until: null,
      })
      .where('id', '=', pair.scheduleId)
      .where((eb) => eb.or([eb('last_run_at', 'is', null), eb('last_run_at', '<', iso(claimedAt))]))
      .returning('id')
      .executeTakeFirst();
    if (updated) marked.add(updated.id);
  }
  return marked;
}

/** Records a failure: the one-line reason, and the next try after a back-off; lease released. */
export async function markPairsFailed(
  db: DbOrTrx,
  failed: { scheduleId: number; failures: number; nextDueAt: Date }[],
  reason: string,
  now: Date,
): Promise<void> {
  for (const pair of failed) {
    await db
      .updateTable('snapshot_schedule')
      .set({
        next_due_at: iso(pair.nextDueAt),
        last_error: reason,
        last_error_at: iso(now),
        failures: pair.failures + 1,
        lease_until: null,
      })
      .where('id', '=', pair.scheduleId)
      .execute();
  }
}

export type SchedulerStatus = {
  last_run_at: string | null;
  pairs_due: number;
  last_error: { at: string; message: string } | null;
};

/** What /api/health reports of the scheduler, from the rows (whichever process ran it). */
export async function getSchedulerStatus(db: Kysely<Database>, now: Date): Promise<SchedulerStatus> {
  const [lastRun, due, lastError] = await Promise.all([
    db
      .selectFrom('snapshot_schedule')
      .select((eb) => eb.fn.max('last_run_at').as('at'))
      .executeTakeFirst(),
    db
      .selectFrom('snapshot_schedule')
      .where('next_due_at', '<=', iso(now))
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirst(),
    db
      .selectFrom('snapshot_schedule')
      .where('last_error_at', 'is not', null)
      .select(['last_error', 'last_error_at'])
      .orderBy('last_error_at', 'desc')
      .limit(1)
      .executeTakeFirst(),
  ]);
  return {
    last_run_at: lastRun?.at ?? null,
    pairs_due: Number(due?.n ?? 0),
    last_error: lastError?.last_error_at
      ? { at: lastError.last_error_at, message: lastError.last_error ?? '' }
      : null,
  };
}
