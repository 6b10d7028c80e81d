import { sql } from 'kysely';
import type { DbOrTrx } from '../db/index.ts';

/**
 * The job tables whose rows a process takes for a while, and how: the row's key, the column that says
 * until when (or since when) it is held, and when it is free again. A daily job's row is held from its
 * last run for a day (free at exactly a day); a lease is free once its end has passed.
 */
const leasedTables = {
  snapshot_schedule: { key: 'id', column: 'lease_until', freeWhen: '<' },
  history_backfills: { key: 'id', column: 'lease_until', freeWhen: '<' },
  v3_snapshot_schedule: { key: 'id', column: 'lease_until', freeWhen: '<' },
  v3_history_backfills: { key: 'id', column: 'lease_until', freeWhen: '<' },
  job_runs: { key: 'name', column: 'last_run_at', freeWhen: '<=' },
} as const;

export type LeasedTable = keyof typeof leasedTables;

/** A lease of `leaseMs` from `now`: free rows are those whose lease ended before `now`. */
export function leaseFrom(now: Date, leaseMs: number): { freeAt: string; value: string } {
  return { freeAt: now.toISOString(), value: new Date(now.getTime() + leaseMs).toISOString() };
}

/**
 * Takes rows of a job table for this process with one conditional update: only the rows among `keys`
 * whose column is empty or free at `freeAt` are taken (their column set to `value`), so of several
 * processes racing for a row exactly one gets it, and a row held by a process that died is free again
 * once its time is up. Answers the keys taken.
 * @example const [id] = await claimRows(db, 'history_backfills', [row.id], leaseFrom(now, 5 * 60_000));
 */
export async function claimRows<Key extends number | string>(
  db: DbOrTrx,
  table: LeasedTable,
  keys: readonly Key[],
  lease: { freeAt: string; value: string },
): Promise<Key[]> {
  if (keys.length === 0) return [];
  const { key, column, freeWhen } = leasedTables[table];
  const { rows } = await sql<{ key: Key }>`
    update ${sql.table(table)} set ${sql.ref(column)} = ${lease.value}
    where ${sql.ref(key)} in (${sql.join(keys)})
      and (${sql.ref(column)} is null or ${sql.ref(column)} ${sql.raw(freeWhen)} ${lease.freeAt})
    returning ${sql.ref(key)} as key`.execute(db);
  return rows.map((row) => row.key);
}

/** The condition of a row free at `at` (for selecting candidates before claiming them). */
export function isFreeAt(table: LeasedTable, at: string) {
  const { column, freeWhen } = leasedTables[table];
  return sql<boolean>`(${sql.ref(column)} is null or ${sql.ref(column)} ${sql.raw(freeWhen)} ${at})`;
}
