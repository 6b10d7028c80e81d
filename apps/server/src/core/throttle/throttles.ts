import { AppError } from '@tidewatch/shared';
import type { Kysely } from 'kysely';
import { toDbTime } from '../db/index.ts';
import type { Database } from '../db/types.ts';
import type { ThrottleLimits, ThrottleName } from './limits.ts';
import {
  countHits,
  deleteCounterHits,
  deleteHits,
  deleteHitsByKeyPrefix,
  deleteHitsUntil,
  findRecentHits,
  insertHits,
} from './throttle-repository.ts';

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

  /** A counter as the table keys it: its throttle's name is the row's scope. */
  const counterOf = ({ name, key }: ThrottleCheck) => ({ scope: name, key });

  /** The counter's events within its window at `at`, newest first (at most `limit` when given). */
  function recentHits(check: ThrottleCheck, at: Date, limit?: number) {
    return findRecentHits(db, counterOf(check), windowStart(check.name, at), limit);
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
      await deleteHitsUntil(db, name, windowStart(name, at));
    }
  }

  /** Counts one event for each check at `at`; answers their ids. */
  const countNow = (checks: ThrottleCheck[], at: Date) => insertHits(db, checks.map(counterOf), at);

  /**
   * Counts this request against every counter, or none when any is full: answers 0 when allowed,
   * else the seconds to wait. Counting first and then reading (rather than read, then count) means
   * concurrent requests, even in other processes, cannot together slip past a limit.
   */
  async function take(checks: ThrottleCheck[]): Promise<number> {
    const at = now();
    const ids = await countNow(checks, at);
    const counts = await Promise.all(
      checks.map((check) => countHits(db, counterOf(check), windowStart(check.name, at))),
    );
    const isOver = checks.some(({ name }, i) => counts[i]! > limits[name].limit);
    if (!isOver) {
      await prune(checks, at);
      return 0;
    }
    // A refused request does not count: the limit is on what got through.
    await deleteHits(db, ids);
    return Math.max(1, await maxWait(checks, at));
  }

  /**
   * Counts an attempt that may fail (a login) before it is checked, so attempts sent at once see each
   * other: `pair` under growing delays (its throttle's `limit` of earlier failures in the window cost
   * nothing, then each one more doubles the wait after the latest, from `baseSeconds` up to `maxSeconds`),
   * `client` under its window limit. Answers the seconds to wait (the attempt is then not counted), or 0
   * and the ids of its counted events: a failure leaves them, a success passes them to `forgive`.
   * @example attempt(pair, client, { baseSeconds: 30, maxSeconds: 900 }) // 6th failure in a row: wait 30 s
   */
  async function attempt(
    pair: ThrottleCheck,
    client: ThrottleCheck,
    rule: { baseSeconds: number; maxSeconds: number },
  ): Promise<{ retryAfter: number; ids: number[] }> {
    const at = now();
    const ids = await countNow([pair, client], at);
    const [pairHits, clientHits] = await Promise.all([recentHits(pair, at), recentHits(client, at)]);
    const earlier = pairHits.filter((hit) => !ids.includes(hit.id));
    const freeAttempts = limits[pair.name].limit;
    let wait = 0;
    if (earlier.length >= freeAttempts) {
      const delaySeconds = Math.min(rule.maxSeconds, rule.baseSeconds * 2 ** (earlier.length - freeAttempts));
      const latest = new Date(earlier[0]!.created_at).getTime();
      wait = Math.ceil((latest + delaySeconds * 1000 - at.getTime()) / 1000);
    }
    if (clientHits.length > limits[client.name].limit) wait = Math.max(wait, 1, await waitFor(client, at));
    if (wait <= 0) {
      await prune([pair, client], at);
      return { retryAfter: 0, ids };
    }
    // A refused attempt does not count: the limit is on what got through.
    await deleteHits(db, ids);
    return { retryAfter: wait, ids: [] };
  }

  /** Removes the events of an attempt that succeeded (see `attempt`). */
  async function forgive(ids: number[]): Promise<void> {
    await deleteHits(db, ids);
  }

  /** Forgets a key's events (a successful login forgives the pair's failures, not the client's). */
  async function forget(check: ThrottleCheck): Promise<void> {
    await deleteCounterHits(db, counterOf(check));
  }

  /** Forgets the events of every key that starts with `prefix` (a reset forgives an address's clients). */
  async function forgetPrefix(name: ThrottleName, prefix: string): Promise<void> {
    await deleteHitsByKeyPrefix(db, name, prefix);
  }

  return { take, attempt, forgive, forget, forgetPrefix };
}

export type Throttles = ReturnType<typeof createThrottles>;
