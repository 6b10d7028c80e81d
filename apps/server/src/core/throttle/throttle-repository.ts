import { type Kysely, sql } from 'kysely';
import { toDbTime } from '../db/index.ts';
import type { Database } from '../db/types.ts';

/** The throttles' counted events (`throttle_hits`) in SQL: one row per event, by throttle (scope) and key. */

type Db = Kysely<Database>;

/** A counter's events after `since`, newest first (at most `limit` when given). */
export function findRecentHits(
  db: Db,
  counter: { scope: string; key: string },
  since: string,
  limit?: number,
) {
  let query = db
    .selectFrom('throttle_hits')
    .select(['id', 'created_at'])
    .where('scope', '=', counter.scope)
    .where('key', '=', counter.key)
    .where('created_at', '>', since)
    .orderBy('created_at', 'desc');
  if (limit !== undefined) query = query.limit(limit);
  return query.execute();
}

/** How many events a counter has after `since`. */
export async function countHits(
  db: Db,
  counter: { scope: string; key: string },
  since: string,
): Promise<number> {
  const row = await db
    .selectFrom('throttle_hits')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('scope', '=', counter.scope)
    .where('key', '=', counter.key)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Counts one event for each counter at `at`; answers their ids. */
export async function insertHits(
  db: Db,
  counters: { scope: string; key: string }[],
  at: Date,
): Promise<number[]> {
  const ids: number[] = [];
  for (const { scope, key } of counters) {
    const row = await db
      .insertInto('throttle_hits')
      .values({ scope, key, created_at: toDbTime(at) })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  return ids;
}

/** Drops a throttle's events at or before `until` (outside its window: they no longer count). */
export async function deleteHitsUntil(db: Db, scope: string, until: string): Promise<void> {
  await db.deleteFrom('throttle_hits').where('scope', '=', scope).where('created_at', '<=', until).execute();
}

/** Drops events by id. */
export async function deleteHits(db: Db, ids: number[]): Promise<void> {
  if (ids.length > 0) await db.deleteFrom('throttle_hits').where('id', 'in', ids).execute();
}

/** Drops a counter's events. */
export async function deleteCounterHits(db: Db, counter: { scope: string; key: string }): Promise<void> {
  await db
    .deleteFrom('throttle_hits')
    .where('scope', '=', counter.scope)
    .where('key', '=', counter.key)
    .execute();
}

/** Drops the events of every key of a throttle that starts with `prefix`. */
export async function deleteHitsByKeyPrefix(db: Db, scope: string, prefix: string): Promise<void> {
  await db
    .deleteFrom('throttle_hits')
    .where('scope', '=', scope)
    .where(sql<string>`substr(key, 1, ${prefix.length})`, '=', prefix)
    .execute();
}
