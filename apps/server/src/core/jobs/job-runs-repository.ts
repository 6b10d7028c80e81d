import type { Kysely } from 'kysely';
import type { Database } from '../db/index.ts';
import { claimRows } from './lease-repository.ts';

const dayMs = 86_400_000;

/** Writes a job's job_runs row, last run at the epoch (due at once), unless it has one. */
async function ensureJobRun(db: Kysely<Database>, name: string): Promise<void> {
  await db
    .insertInto('job_runs')
    .values({ name, last_run_at: new Date(0).toISOString() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}

/**
 * Claims a job that runs at most once every `everyMs` across processes: a conditional update of its job_runs
 * row (held from its last run for `everyMs`, free again at exactly that) that only one process wins. True when
 * this process should run it now.
 */
export async function claimJobRun(
  db: Kysely<Database>,
  name: string,
  now: Date,
  everyMs: number,
): Promise<boolean> {
  await ensureJobRun(db, name);
  const lease = { freeAt: new Date(now.getTime() - everyMs).toISOString(), value: now.toISOString() };
  return (await claimRows(db, 'job_runs', [name], lease)).length > 0;
}

/**
 * Claims a once-a-day job across processes: a conditional update of its job_runs row that only one process
 * wins per day. True when this process should run it now.
 */
export function claimDailyJob(db: Kysely<Database>, name: string, now: Date): Promise<boolean> {
  // Held for a day from its last run: free again at exactly a day.
  return claimJobRun(db, name, now, dayMs);
}

/** Makes a claimed daily job due again `afterMs` from `now` (a failed run retries sooner than tomorrow). */
export async function retryDailyJob(
  db: Kysely<Database>,
  name: string,
  now: Date,
  afterMs: number,
): Promise<void> {
  await db
    .updateTable('job_runs')
    .set({ last_run_at: new Date(now.getTime() - dayMs + afterMs).toISOString() })
    .where('name', '=', name)
    .execute();
}
