import type { Kysely } from 'kysely';
import { toDbTime } from '../../db/index.ts';
import type { Database } from '../../db/types.ts';

/**
 * Failed-login throttling kept in the database, so every API process sharing it sees the same counts.
 * A window slides: an attempt is allowed again once the oldest counted failure leaves it.
 */
export const loginThrottle = {
  windowMs: 15 * 60 * 1000,
  maxFailuresPerAccount: 5,
  maxFailuresPerIp: 20,
} as const;

type Db = Kysely<Database>;

async function retryAfterFor(db: Db, column: 'email' | 'ip', value: string, limit: number, now: Date) {
  const since = toDbTime(new Date(now.getTime() - loginThrottle.windowMs));
  const rows = await db
    .selectFrom('login_attempts')
    .select('created_at')
    .where(column, '=', value)
    .where('created_at', '>', since)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
  if (rows.length < limit) return 0;
  // The limit-th most recent failure decides when a slot frees up.
  const oldest = new Date(rows[rows.length - 1]!.created_at).getTime();
  return Math.max(1, Math.ceil((oldest + loginThrottle.windowMs - now.getTime()) / 1000));
}

/** Seconds until a login for this e-mail from this IP may be tried again; 0 when allowed now. */
export async function getLoginRetryAfter(db: Db, email: string, ip: string, now: Date): Promise<number> {
  const [byAccount, byIp] = await Promise.all([
    retryAfterFor(db, 'email', email, loginThrottle.maxFailuresPerAccount, now),
    retryAfterFor(db, 'ip', ip, loginThrottle.maxFailuresPerIp, now),
  ]);
  return Math.max(byAccount, byIp);
}

export async function recordLoginFailure(db: Db, email: string, ip: string, now: Date): Promise<void> {
  await db
    .insertInto('login_attempts')
    .values({ email, ip, created_at: toDbTime(now) })
    .execute();
  // Keep the table small: anything outside the window no longer counts.
  await db
    .deleteFrom('login_attempts')
    .where('created_at', '<', toDbTime(new Date(now.getTime() - loginThrottle.windowMs)))
    .execute();
}

/** A successful login forgives the account's earlier failures (not the IP's). */
export async function clearAccountFailures(db: Db, email: string): Promise<void> {
  await db.deleteFrom('login_attempts').where('email', '=', email).execute();
}
