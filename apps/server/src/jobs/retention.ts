import type { Kysely } from 'kysely';
import type { Database } from '../core/db/index.ts';
import { claimDailyJob } from '../core/jobs/daily-job.ts';

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

type ThinnedTable = 'position_snapshots' | 'farm_snapshots' | 'pool_snapshots';
const keysOf: Record<ThinnedTable, readonly string[]> = {
  position_snapshots: ['farm_id', 'account_address'],
  farm_snapshots: ['farm_id'],
  pool_snapshots: ['pool_id'],
};

export type RetentionReport = { thinned: Record<ThinnedTable, number>; pruned: Record<string, number> };

/**
 * Thins old snapshots of one table: past `dailyAfterDays` one a day, past `weeklyAfterDays` one a week,
 * always keeping the first and the last snapshot of each period (per farm, pool or position), so charts
 * keep their shape and every period's opening and closing figures. Returns how many rows it deleted.
 */
async function thinTable(db: Kysely<Database>, table: ThinnedTable, now: Date, policy: RetentionPolicy) {
  const dailyBefore = new Date(now.getTime() - policy.dailyAfterDays * dayMs).toISOString();
  const weeklyBefore = new Date(now.getTime() - policy.weeklyAfterDays * dayMs).toISOString();
  const keys = keysOf[table];
  // biome-ignore lint/suspicious/noExplicitAny: the three tables share these columns; one query serves them.
  const rows = (await (db as Kysely<any>)
    .selectFrom(table)
    .select(['id', 'created_on', ...keys])
    .where('created_on', '<', dailyBefore)
    .orderBy('created_on')
    .orderBy('id')
    .execute()) as ({ id: number; created_on: string } & Record<string, unknown>)[];
  const periods = new Map<string, number[]>();
  for (const row of rows) {
    const at = new Date(row.created_on).getTime();
    const period =
      row.created_on < weeklyBefore ? `w${Math.floor(at / (7 * dayMs))}` : `d${row.created_on.slice(0, 10)}`;
    const key = `${keys.map((k) => String(row[k])).join(':')}|${period}`;
    periods.set(key, [...(periods.get(key) ?? []), row.id]);
  }
  const doomed = [...periods.values()].flatMap((ids) => ids.slice(1, -1));
  for (let i = 0; i < doomed.length; i += 500) {
    // biome-ignore lint/suspicious/noExplicitAny: see above.
    await (db as Kysely<any>)
      .deleteFrom(table)
      .where('id', 'in', doomed.slice(i, i + 500))
      .execute();
  }
  return doomed.length;
}

/** Deletes rows nothing needs any more: expired e-mail tokens, nonces, revoked-token rows, old throttle rows, abandoned imports. */
async function pruneExpired(db: Kysely<Database>, now: Date): Promise<Record<string, number>> {
  const at = now.toISOString();
  const before = (days: number) => new Date(now.getTime() - days * dayMs).toISOString();
  const count = (result: { numDeletedRows: bigint }[]) => Number(result[0]?.numDeletedRows ?? 0n);
  return {
    email_tokens: count(await db.deleteFrom('email_tokens').where('expires_at', '<', at).execute()),
    siwe_nonces: count(await db.deleteFrom('siwe_nonces').where('expires_at', '<', at).execute()),
    revoked_tokens: count(await db.deleteFrom('revoked_tokens').where('expires_at', '<', at).execute()),
    throttle_hits: count(
      await db.deleteFrom('throttle_hits').where('created_at', '<', before(throttleRowsDays)).execute(),
    ),
    farm_imports: count(
      await db
        .deleteFrom('farm_imports')
        .where('state', '!=', 'completed')
        .where('updated_at', '<', before(abandonedImportDays))
        .execute(),
    ),
  };
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
