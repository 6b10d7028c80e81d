import type { Kysely } from 'kysely';
import type { Database } from '../core/db/index.ts';
import { claimDailyJob } from '../core/jobs/job-runs-repository.ts';
import {
  deleteExpiredRows,
  deleteSnapshotsById,
  findSnapshotsTakenBefore,
  seriesKeysOf,
  type ThinnedTable,
} from '../core/jobs/retention-repository.ts';

export type RetentionPolicy = {
  /** Snapshots older than this many days keep one a day (the first and last of each day). */
  dailyAfterDays: number;
  /** Snapshots older than this many days keep one a week (the first and last of each week). */
  weeklyAfterDays: number;
};

const defaultRetention: RetentionPolicy = { dailyAfterDays: 30, weeklyAfterDays: 365 };

const dayMs = 86_400_000;
const abandonedImportDays = 7;
/** Throttle windows are an hour at most: a day of rows is plenty. */
const throttleRowsDays = 1;

export type RetentionReport = { thinned: Record<ThinnedTable, number>; pruned: Record<string, number> };

/**
 * Thins old snapshots of one table: past `dailyAfterDays` one a day, past `weeklyAfterDays` one a week,
 * always keeping the first and the last snapshot of each period (per farm, pool or position), so charts
 * keep their shape and every period's opening and closing figures. Returns how many rows it deleted.
 */
async function thinTable(db: Kysely<Database>, table: ThinnedTable, now: Date, policy: RetentionPolicy) {
  const dailyBefore = new Date(now.getTime() - policy.dailyAfterDays * dayMs).toISOString();
  const weeklyBefore = new Date(now.getTime() - policy.weeklyAfterDays * dayMs).toISOString();
  const keys = seriesKeysOf[table];
  const rows = await findSnapshotsTakenBefore(db, table, dailyBefore);
  const periods = new Map<string, number[]>();
  for (const row of rows) {
    const at = new Date(row.created_on).getTime();
    const period =
      row.created_on < weeklyBefore ? `w${Math.floor(at / (7 * dayMs))}` : `d${row.created_on.slice(0, 10)}`;
    const key = `${keys.map((k) => String(row[k])).join(':')}|${period}`;
    periods.set(key, [...(periods.get(key) ?? []), row.id]);
  }
  const doomed = [...periods.values()].flatMap((ids) => ids.slice(1, -1));
  await deleteSnapshotsById(db, table, doomed);
  return doomed.length;
}

/** Deletes rows nothing needs any more: expired e-mail tokens, nonces, revoked-token rows, old throttle rows, abandoned imports. */
function pruneExpired(db: Kysely<Database>, now: Date): Promise<Record<string, number>> {
  const before = (days: number) => new Date(now.getTime() - days * dayMs).toISOString();
  return deleteExpiredRows(db, {
    now: now.toISOString(),
    throttleRowsBefore: before(throttleRowsDays),
    abandonedImportsBefore: before(abandonedImportDays),
  });
}

/**
 * The retention job: thins position, farm and pool snapshots and prunes expired rows.
 * @example await runRetention(db, new Date(), defaultRetention);
 */
export async function runRetention(
  db: Kysely<Database>,
  now: Date,
  policy: RetentionPolicy = defaultRetention,
): Promise<RetentionReport> {
  const thinned = {
    position_snapshots: await thinTable(db, 'position_snapshots', now, policy),
    farm_snapshots: await thinTable(db, 'farm_snapshots', now, policy),
    pool_snapshots: await thinTable(db, 'pool_snapshots', now, policy),
  };
  return { thinned, pruned: await pruneExpired(db, now) };
}

/**
 * Runs the retention job when a day has passed since its last run, whichever process asks first: the
 * job_runs row is claimed with one conditional write, so several processes never run it together.
 */
export async function runRetentionWhenDue(
  db: Kysely<Database>,
  now: Date,
  policy: RetentionPolicy = defaultRetention,
): Promise<RetentionReport | null> {
  return (await claimDailyJob(db, 'retention', now)) ? runRetention(db, now, policy) : null;
}
