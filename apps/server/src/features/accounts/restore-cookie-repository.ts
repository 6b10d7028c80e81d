import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { toDbTime } from '../../core/db/index.ts';
import type { Database } from '../../core/db/types.ts';

type Db = Kysely<Database>;

/**
 * The restore cookie's values (decision 022): one row per value, hashed. A restore spends its value and
 * issues the next one of the same family; the family is what a logout or a password change ends.
 */

/** A restore cookie lives two weeks from its last use; every restore starts a fresh two weeks. */
const restoreLifetimeMs = 14 * 24 * 60 * 60 * 1000;

/**
 * Two tabs opened together send the same value at once; the one that loses the race still gets a token
 * within this grace (the browser keeps the winner's new cookie). Later, a spent value is a copied one.
 */
const spentRestoreGraceMs = 60 * 1000;

export type RestoreCookie = { value: string; expiresAt: Date };

const hashOf = (value: string) => createHash('sha256').update(value).digest('hex');

/** Stores a new value for the user (in `family`, or a new family for a login) and returns it. */
export async function issueRestoreCookie(
  db: Db,
  userId: number,
  now: Date,
  family: string = randomUUID(),
): Promise<RestoreCookie> {
  const value = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + restoreLifetimeMs);
  // Expired values can no longer restore anything; a login is a good moment to drop the user's.
  await db
    .deleteFrom('session_restores')
    .where('user_id', '=', userId)
    .where('expires_at', '<=', toDbTime(now))
    .execute();
  await db
    .insertInto('session_restores')
    .values({
      user_id: userId,
      family,
      token_hash: hashOf(value),
      created_at: toDbTime(now),
      expires_at: toDbTime(expiresAt),
      used_at: null,
    })
    .execute();
  return { value, expiresAt };
}

/**
 * Spends a cookie value: its user and the next value (null when a racing tab already rotated it within
 * the grace). Undefined for an unknown, expired or copied value; a spent value shown after the grace
 * ends its whole family, so whoever copied the cookie and its rightful holder both log in again.
 */
export async function spendRestoreCookie(
  db: Db,
  value: string,
  now: Date,
): Promise<{ userId: number; next: RestoreCookie | null } | undefined> {
  const row = await db
    .selectFrom('session_restores')
    .selectAll()
    .where('token_hash', '=', hashOf(value))
    .executeTakeFirst();
  if (!row || Date.parse(row.expires_at) <= now.getTime()) return undefined;
  const spent = await db
    .updateTable('session_restores')
    .set({ used_at: toDbTime(now) })
    .where('id', '=', row.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (spent.numUpdatedRows === 1n) {
    return { userId: row.user_id, next: await issueRestoreCookie(db, row.user_id, now, row.family) };
  }
  const usedAt = await db
    .selectFrom('session_restores')
    .select('used_at')
    .where('id', '=', row.id)
    .executeTakeFirst();
  if (usedAt?.used_at && now.getTime() - Date.parse(usedAt.used_at) <= spentRestoreGraceMs) {
    return { userId: row.user_id, next: null };
  }
  await db.deleteFrom('session_restores').where('family', '=', row.family).execute();
  return undefined;
}

/** The family of a cookie value, if it is still known. */
export async function findRestoreFamily(db: Db, value: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('session_restores')
    .select('family')
    .where('token_hash', '=', hashOf(value))
    .executeTakeFirst();
  return row?.family;
}

/** Ends the family of a cookie value (logout), if it belongs to `userId`. */
export async function endRestoreFamily(db: Db, userId: number, value: string): Promise<void> {
  const family = await findRestoreFamily(db, value);
  if (!family) return;
  await db
    .deleteFrom('session_restores')
    .where('family', '=', family)
    .where('user_id', '=', userId)
    .execute();
}

/** Ends every restore cookie of the user but the family kept (a password change keeps its own). */
export async function endRestoresOfUser(db: Db, userId: number, keptFamily?: string): Promise<void> {
  let query = db.deleteFrom('session_restores').where('user_id', '=', userId);
  if (keptFamily) query = query.where('family', '!=', keptFamily);
  await query.execute();
}
