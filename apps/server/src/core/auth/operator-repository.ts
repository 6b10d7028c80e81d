import type { Kysely } from 'kysely';
import type { Database } from '../db/index.ts';

/** The instance's first account (lowest id): its operator when no OPERATOR_EMAILS are set. */
export async function findFirstUserId(db: Kysely<Database>): Promise<number | null> {
  const row = await db.selectFrom('users').select('id').orderBy('id', 'asc').limit(1).executeTakeFirst();
  return row?.id ?? null;
}

/** Whether the account's e-mail address has been confirmed (an unconfirmed address proves nothing). */
export async function isEmailConfirmed(db: Kysely<Database>, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('email_confirmed_at')
    .where('id', '=', userId)
    .executeTakeFirst();
  return Boolean(row?.email_confirmed_at);
}
