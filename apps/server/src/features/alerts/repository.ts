import type { Kysely } from 'kysely';
import type { Database } from '../../core/db/index.ts';
import { isFreeAt } from '../../core/jobs/lease-repository.ts';
import type { NotificationRow } from '../../core/notifications/repository.ts';

/**
 * The alerts feature's notifications and their e-mail delivery, in SQL (its rule settings: settings.ts; storing a
 * notification: core/notifications, shared with the alert channels).
 */

type Db = Kysely<Database>;

/** The user's newest notifications in the bell (at most `limit`) and how many are unread. */
export async function findNotifications(
  db: Db,
  userId: number,
  limit: number,
): Promise<{ rows: NotificationRow[]; unread: number }> {
  const [rows, unread] = await Promise.all([
    db
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', userId)
      .where('bell_hidden', '=', 0)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute(),
    db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('user_id', '=', userId)
      .where('bell_hidden', '=', 0)
      .where('read_at', 'is', null)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, unread: Number(unread.n) };
}

/** Marks the user's unread notifications read: those of `ids`, or all of them. */
export async function markNotificationsRead(db: Db, userId: number, at: Date, ids?: number[]): Promise<void> {
  let query = db
    .updateTable('notifications')
    .set({ read_at: at.toISOString() })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null);
  if (ids) query = query.where('id', 'in', ids);
  await query.execute();
}

/** Whether a user row exists (an unsubscribe link of a deleted account does nothing). */
export async function userExists(db: Db, userId: number): Promise<boolean> {
  return (
    (await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst()) !== undefined
  );
}

/** Notifications whose e-mail is due at `at` and not held by another process (at most 500, oldest first). */
export function findDueEmails(db: Db, at: string) {
  return db
    .selectFrom('notifications')
    .select(['id', 'user_id'])
    .where('email_status', 'in', ['pending', 'sending'])
    .where((eb) => eb.or([eb('email_next_at', 'is', null), eb('email_next_at', '<=', at)]))
    .where(isFreeAt('notifications', at))
    .orderBy('id')
    .limit(500)
    .execute();
}

/**
 * Takes the e-mails of `ids` still due and free at `at` for this process until `leaseUntil` (one
 * conditional update: of several processes, one gets each). Answers the rows taken.
 */
export function claimEmails(
  db: Db,
  ids: number[],
  at: string,
  leaseUntil: string,
): Promise<NotificationRow[]> {
  return db
    .updateTable('notifications')
    .set({ email_status: 'sending', email_lease_until: leaseUntil })
    .where('id', 'in', ids)
    .where('email_status', 'in', ['pending', 'sending'])
    .where(isFreeAt('notifications', at))
    .returningAll()
    .execute();
}

/** Where a user's alert e-mails go, and whether they want them. */
export function findAlertRecipient(db: Db, userId: number) {
  return db.selectFrom('users').select(['email', 'alert_email']).where('id', '=', userId).executeTakeFirst();
}

/** Records how the e-mail of claimed notifications went (sent, off, or pending again with a back-off). */
export async function updateEmailStatus(
  db: Db,
  ids: number[],
  status:
    | { email_status: 'sent' | 'off' }
    | { email_status: 'pending'; email_attempts: number; email_next_at: string; email_error: string },
): Promise<void> {
  await db
    .updateTable('notifications')
    .set({
      ...status,
      email_lease_until: null,
      ...(status.email_status === 'sent' ? { email_error: null } : {}),
    })
    .where('id', 'in', ids)
    .execute();
}
