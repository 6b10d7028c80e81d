import { type RawBuilder, sql } from 'kysely';
import type { DbOrTrx } from '../db/index.ts';
import { claimRows, isFreeAt, type LeasedTable, leaseFrom } from './lease-repository.ts';

/**
 * The schedule tables of scheduled rounds (decision 012): one row per thing followed, whoever follows it, with
 * the same columns in each (next_due_at, last_run_at, last_error, last_error_at, failures, lease_until). What
 * differs between kinds is only what a row is joined to; the claiming and marking are here, once.
 */
export type ScheduleTable = Extract<
  LeasedTable,
  'snapshot_schedule' | 'v3_snapshot_schedule' | 'vault_snapshot_schedule' | 'chain_snapshot_schedule'
>;

/** What every scheduled item carries: its schedule row and how often it failed in a row. */
export type ScheduledItem = { scheduleId: number; failures: number };

const iso = (date: Date) => date.toISOString();

/**
 * Claims up to `limit` due rows for `leaseMs`: `selectDue` gives the candidates (due, free, oldest first: see
 * dueAndFree), locked on PostgreSQL, and their lease is set in the same transaction, so two processes never
 * claim the same row. A lease left by a process that died expires, and the row is claimed again.
 */
export async function claimDue<Item extends ScheduledItem>(
  db: DbOrTrx,
  table: ScheduleTable,
  options: { now: Date; leaseMs: number; limit: number; isPostgres: boolean },
  selectDue: (trx: DbOrTrx, due: { now: string; limit: number; isPostgres: boolean }) => Promise<Item[]>,
): Promise<Item[]> {
  return db.transaction().execute(async (trx) => {
    const candidates = await selectDue(trx, {
      now: iso(options.now),
      limit: options.limit,
      isPostgres: options.isPostgres,
    });
    const claimed = new Set(
      await claimRows(
        trx,
        table,
        candidates.map((item) => item.scheduleId),
        leaseFrom(options.now, options.leaseMs),
      ),
    );
    return candidates.filter((item) => claimed.has(item.scheduleId));
  });
}

/** The condition of a schedule row `s` due and free at `now`. */
const isDueAndFree = (table: ScheduleTable, now: string) =>
  sql<boolean>`(s.next_due_at <= ${now} and ${isFreeAt(table, now)})`;

/** The condition of a schedule row `s` not run since `claimedAt` (a retried queue job skips the others). */
const isNotRunSince = (claimedAt: Date) =>
  sql<boolean>`(s.last_run_at is null or s.last_run_at < ${iso(claimedAt)})`;

/** What the two reads below need of a kind's query over its schedule rows `s` (a Kysely select). */
type ScheduleQuery<Query> = {
  where(condition: RawBuilder<boolean>): Query;
  orderBy(expression: RawBuilder<unknown>): Query;
  limit(limit: number): Query;
  modifyEnd(modifier: RawBuilder<unknown>): Query;
};

/**
 * A kind's query over its schedule rows `s` (joined to what they follow, its columns selected) narrowed to the
 * rows due and free at `due.now`, oldest first, at most `due.limit`; on PostgreSQL the schedule rows are locked
 * and rows another claim holds skipped (what it follows is not locked). For a kind's selectDue.
 */
export function dueRows<Query extends ScheduleQuery<Query>>(
  query: Query,
  table: ScheduleTable,
  due: { now: string; limit: number; isPostgres: boolean },
): Query {
  const found = query.where(isDueAndFree(table, due.now)).orderBy(sql`s.next_due_at`).limit(due.limit);
  return due.isPostgres ? found.modifyEnd(sql`for update of s skip locked`) : found;
}

/** The same query narrowed to a queued batch's rows not run since their claim (for a kind's loadClaimed). */
export function claimedRows<Query extends ScheduleQuery<Query>>(
  query: Query,
  scheduleIds: readonly number[],
  claimedAt: Date,
): Query {
  return query.where(sql<boolean>`s.id in (${sql.join(scheduleIds)})`).where(isNotRunSince(claimedAt));
}

/**
 * Records successes: each row next due at its own time, failures cleared, lease released; only rows not run
 * since `claimedAt` (on PostgreSQL a concurrent copy of the batch waits on the row, then finds it run).
 * Answers the schedule ids it marked.
 */
export async function markDone(
  db: DbOrTrx,
  table: ScheduleTable,
  done: { scheduleId: number; nextDueAt: Date }[],
  at: { now: Date; claimedAt: Date },
): Promise<Set<number>> {
  const marked = new Set<number>();
  for (const row of done) {
    const { rows } = await sql<{ id: number }>`
      update ${sql.table(table)} set next_due_at = ${iso(row.nextDueAt)}, last_run_at = ${iso(at.now)},
        last_error = null, last_error_at = null, failures = 0, lease_until = null
      where id = ${row.scheduleId} and (last_run_at is null or last_run_at < ${iso(at.claimedAt)})
      returning id`.execute(db);
    if (rows[0]) marked.add(Number(rows[0].id));
  }
  return marked;
}

/** Records failures: the one-line reason, and each row's next try after its back-off; lease released. */
export async function markFailed(
  db: DbOrTrx,
  table: ScheduleTable,
  failed: { scheduleId: number; failures: number; nextDueAt: Date }[],
  reason: string,
  now: Date,
): Promise<void> {
  for (const row of failed) {
    await sql`
      update ${sql.table(table)} set next_due_at = ${iso(row.nextDueAt)}, last_error = ${reason},
        last_error_at = ${iso(now)}, failures = ${row.failures + 1}, lease_until = null
      where id = ${row.scheduleId}`.execute(db);
  }
}
