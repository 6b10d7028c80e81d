import { AppError } from '@tidewatch/shared';
import { type Kysely, sql } from 'kysely';
import { toDbTime } from '../db/index.ts';
import type { Database } from '../db/types.ts';
import type { ThrottleLimits, ThrottleName } from './limits.ts';

/** One counter to consult: a throttle and the key it counts by (an IP, a normalised e-mail). */
export type ThrottleCheck = { name: ThrottleName; key: string };

/**
 * 429 RATE_LIMITED; `retryAfterSeconds` leaves as the Retry-After header (see the error handler).
 * @example new RateLimitedError(600, 'sign-up attempts') // 'too many sign-up attempts, try again in 10 minutes'
 */
export class RateLimitedError extends AppError {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number, what: string) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super('RATE_LIMITED', `too many ${what}, try again in ${minutes} minute${minutes === 1 ? '' : 's'}`);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/**
 * Throttles kept in the database (`throttle_hits`), so every API process sharing it sees the same counts.
 * Windows slide: a slot frees up once the oldest counted event leaves the window.
 */
export function createThrottles(deps: { db: Kysely<Database>; limits: ThrottleLimits; now?: () => Date }) {
  const { db, limits } = deps;
  const now = deps.now ?? (() => new Date());
  const windowStart = (name: ThrottleName, at: Date) =>
    toDbTime(new Date(at.getTime() - limits[name].windowMs));

  /** The counter's events within its window at `at`, newest first (at most `limit` when given). */
  function recentHits({ name, key }: ThrottleCheck, at: Date, limit?: number) {
    let query = db
      .selectFrom('throttle_hits')
      .select('created_at')
      .where('scope', '=', name)
      .where('key', '=', key)
      .where('created_at', '>', windowStart(name, at))
      .orderBy('created_at', 'desc');
    if (limit !== undefined) query = query.limit(limit);
    return query.execute();
  }

  /** Seconds until this counter drops below its limit; 0 when it is below now. */
  async function waitFor(check: ThrottleCheck, at: Date): Promise<number> {
    const { limit, windowMs } = limits[check.name];
    const rows = await recentHits(check, at, limit);
    if (rows.length < limit) return 0;
    // The limit-th most recent event decides when a slot frees up.
    const oldest = new Date(rows[rows.length - 1]!.created_at).getTime();
    return Math.max(1, Math.ceil((oldest + windowMs - at.getTime()) / 1000));
  }

  async function maxWait(checks: ThrottleCheck[], at: Date): Promise<number> {
    const waits = await Promise.all(checks.map((check) => waitFor(check, at)));
    return Math.max(0, ...waits);
  }

  /** Keeps the table small: events outside their window no longer count. */
  async function prune(checks: ThrottleCheck[], at: Date): Promise<void> {
    for (const name of new Set(checks.map((check) => check.name))) {
      await db
        .deleteFrom('throttle_hits')
        .where('scope', '=', name)
        .where('created_at', '<=', windowStart(name, at))
        .execute();
    }
  }

  async function insertHits(checks: ThrottleCheck[], at: Date): Promise<number[]> {
    const ids: number[] = [];
    for (const { name, key } of checks) {
      const row = await db
        .insertInto('throttle_hits')
        .values({ scope: name, key, created_at: toDbTime(at) })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    return ids;
  }

  /** Seconds to wait before trying again (0 = allowed); counts nothing (login asks before checking). */
  function retryAfter(checks: ThrottleCheck[]): Promise<number> {
    return maxWait(checks, now());
  }

  /** Counts one event (a failed login) against each counter. */
  async function record(checks: ThrottleCheck[]): Promise<void> {
    const at = now();
    await insertHits(checks, at);
    await prune(checks, at);
  }

  /**
   * Counts this request against every counter, or none when any is full: answers 0 when allowed,
   * else the seconds to wait. Counting first and then reading (rather than read, then count) means
   * concurrent requests, even in other processes, cannot together slip past a limit.
   */
  async function take(checks: ThrottleCheck[]): Promise<number> {
    const at = now();
    const ids = await insertHits(checks, at);
    const counts = await Promise.all(
      checks.map(async ({ name, key }) => {
        const row = await db
          .selectFrom('throttle_hits')
          .select((eb) => eb.fn.countAll<number | string>().as('count'))
          .where('scope', '=', name)
          .where('key', '=', key)
          .where('created_at', '>', windowStart(name, at))
          .executeTakeFirstOrThrow();
        return Number(row.count);
      }),
    );
    const isOver = checks.some(({ name }, i) => counts[i]! > limits[name].limit);
    if (!isOver) {
      await prune(checks, at);
      return 0;
    }
    // A refused request does not count: the limit is on what got through.
    await db.deleteFrom('throttle_hits').where('id', 'in', ids).execute();
    return Math.max(1, await maxWait(checks, at));
  }

  /**
   * Seconds to wait under growing delays: the throttle's `limit` of counted events in its window cost
   * nothing, then each one more doubles the wait after the latest, from `baseSeconds` up to `maxSeconds`.
   * Counts nothing.
   * @example backoff(check, { baseSeconds: 30, maxSeconds: 900 }) // limit 5: after the 5th failure, 30 s
   */
  async function backoff(
    check: ThrottleCheck,
    rule: { baseSeconds: number; maxSeconds: number },
  ): Promise<number> {
    const freeAttempts = limits[check.name].limit;
    const at = now();
    const rows = await recentHits(check, at);
    if (rows.length < freeAttempts) return 0;
    const delaySeconds = Math.min(rule.maxSeconds, rule.baseSeconds * 2 ** (rows.length - freeAttempts));
    const latest = new Date(rows[0]!.created_at).getTime();
    return Math.max(0, Math.ceil((latest + delaySeconds * 1000 - at.getTime()) / 1000));
  }

  /** Forgets a key's events (a successful login forgives the pair's failures, not the client's). */
  async function forget({ name, key }: ThrottleCheck): Promise<void> {
    await db.deleteFrom('throttle_hits').where('scope', '=', name).where('key', '=', key).execute();
  }

  /** Forgets the events of every key that starts with `prefix` (a reset forgives an address's clients). */
  async function forgetPrefix(name: ThrottleName, prefix: string): Promise<void> {
    await db
      .deleteFrom('throttle_hits')
      .where('scope', '=', name)
      .where(sql<string>`substr(key, 1, ${prefix.length})`, '=', prefix)
      .execute();
  }

  return { retryAfter, record, take, backoff, forget, forgetPrefix };
}

export type Throttles = ReturnType<typeof createThrottles>;
