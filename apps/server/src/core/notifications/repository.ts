import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database } from '../db/index.ts';
import type { NotificationsTable } from '../db/tables/alerts.ts';

/**
 * The bell's notifications, written by two features: the alerts (an event found) and the alert channels (a
 * channel paused after failures). Each reads its own rows through its own repository.
 */
export type NotificationRow = Selectable<NotificationsTable>;

/** Stores an event for a user once (unique per user and event key). Returns its id when it was new. */
export async function insertNotification(
  db: Kysely<Database>,
  row: Insertable<NotificationsTable>,
): Promise<number | undefined> {
  const inserted = await db
    .insertInto('notifications')
    .values(row)
    .onConflict((oc) => oc.columns(['user_id', 'event_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id;
}
