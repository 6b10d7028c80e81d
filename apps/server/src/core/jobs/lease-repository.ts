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
  vault_snapshot_schedule: { key: 'id', column: 'lease_until', freeWhen: '<' },
  chain_snapshot_schedule: { key: 'id', column: 'lease_until', freeWhen: '<' },
  job_runs: { key: 'name', column: 'last_run_at', freeWhen: '<=' },
  // Taken by the alert senders with their own conditional updates (status, due time, the channel's 429 hold),
  // free by the same rule; the owner columns let only the holder record an outcome or release.
  notifications: { key: 'id', column: 'email_lease_until', freeWhen: '<' },
  alert_deliveries: { key: 'id', column: 'lease_until', freeWhen: '<' },
  alert_channels: { key: 'id', column: 'sending_until', freeWhen: '<' },
  telegram_poller: { key: 'id', column: 'lease_until', freeWhen: '<' },
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

/**
 * Takes the first of `keys`, in their order, that is still free (one conditional update each until one is won):
 * a job that does one row at a time, of several processes racing for it.
 */
export async function claimFirst<Key extends number | string>(
  db: DbOrTrx,
  table: LeasedTable,
  keys: readonly Key[],
  lease: { freeAt: string; value: string },
): Promise<Key | undefined> {
  for (const key of keys) {
    const [won] = await claimRows(db, table, [key], lease);
    if (won !== undefined) return won;
  }
  return undefined;
}

/**
 * The condition of a row free at `at` (for selecting candidates before claiming them, or in a table's own
 * conditional update); `alias` names the table where a query joins others.
 */
export function isFreeAt(table: LeasedTable, at: string, alias?: string) {
  const { column, freeWhen } = leasedTables[table];
  const ref = sql.ref(alias ? `${alias}.${column}` : column);
  return sql<boolean>`(${ref} is null or ${ref} ${sql.raw(freeWhen)} ${at})`;
}

/** Rows a run holds while it works (holdRows). */
export type RowHold = {
  /** Moves the lease of the rows still held to `leaseMs` from now (the timer calls it; a test may too). */
  renew(): Promise<void>;
  /** Stops renewing once a renewal in flight ends; the rows' own updates release them. */
  release(): Promise<void>;
};

/**
 * Holds rows taken with claimRows while their work runs (issue 43, Build 1): every third of `leaseMs` the rows
 * still carrying the lease this holder set get a lease `leaseMs` from now (a row the run released, or one
 * another process took over after a stall, is left alone). So a lease can be short — a process killed mid-run
 * frees its rows within one lease period — however long a live run takes. A renewal that fails is tried again
 * at the next; meanwhile the lease may run out and another process take the rows, which the runs' guarded
 * updates allow for.
 * @example const hold = holdRows(db, 'history_backfills', [id], lease, { leaseMs, now }); … await hold.release();
 */
export function holdRows<Key extends number | string>(
  db: DbOrTrx,
  table: LeasedTable,
  keys: readonly Key[],
  lease: { value: string },
  options: { leaseMs: number; now: () => Date },
): RowHold {
  const { key, column } = leasedTables[table];
  let held = [...keys];
  let current = lease.value;
  let pending: Promise<void> = Promise.resolve();
  const renew = () => {
    pending = pending
      .then(async () => {
        if (held.length === 0) return;
        const next = new Date(options.now().getTime() + options.leaseMs).toISOString();
        const { rows } = await sql<{ key: Key }>`
          update ${sql.table(table)} set ${sql.ref(column)} = ${next}
          where ${sql.ref(key)} in (${sql.join(held)}) and ${sql.ref(column)} = ${current}
          returning ${sql.ref(key)} as key`.execute(db);
        held = rows.map((row) => row.key);
        current = next;
      })
      .catch(() => {});
    return pending;
  };
  const timer = setInterval(() => void renew(), Math.max(1_000, Math.floor(options.leaseMs / 3)));
  timer.unref();
  return {
    renew,
    async release() {
      clearInterval(timer);
      await pending;
    },
  };
}

/**
 * How long a run in this process holds what it claimed (renewed while it works, holdRows): a process killed
 * mid-run leaves its rows to the others within this (issue 43: within a minute, not five).
 */
export const heldLeaseMs = 60_000;
