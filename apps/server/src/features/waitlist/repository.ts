import type { Kysely } from 'kysely';
import { toDbTime } from '../../core/db/index.ts';
import type { Database, WaitlistSignupRow } from '../../core/db/types.ts';

/** Stores a waitlist signup; a repeat e-mail keeps the first row untouched. */
export async function addWaitlistSignup(
  db: Kysely<Database>,
  signup: { email: string; tokens?: string | undefined; concern?: string | undefined },
  now = new Date(),
): Promise<void> {
  await db
    .insertInto('waitlist_signups')
    .values({
      email: signup.email,
      tokens: signup.tokens ?? null,
      concern: signup.concern ?? null,
      created_at: toDbTime(now),
    })
    .onConflict((conflict) => conflict.column('email').doNothing())
    .execute();
}

export async function findWaitlistSignups(db: Kysely<Database>, email: string): Promise<WaitlistSignupRow[]> {
  return db.selectFrom('waitlist_signups').selectAll().where('email', '=', email).execute();
}

export async function addContactMessage(
  db: Kysely<Database>,
  message: { email: string; concerns?: string | undefined; tokens?: string | undefined },
  now = new Date(),
): Promise<void> {
  await db
    .insertInto('contact_messages')
    .values({
      email: message.email,
      concerns: message.concerns ?? null,
      tokens: message.tokens ?? null,
      created_at: toDbTime(now),
    })
    .execute();
}
