import type { Kysely, Migration } from 'kysely';
import { addIdColumn } from '../schema-helpers.ts';

/**
 * Alert channels (issue 36). alert_channels: a user's Telegram chats, Discord webhooks and signed webhooks
 * (a Telegram one 'linking' until its one-time code comes back in a /start message; 'paused' after 20
 * failures in a row; not_before: a receiver's 429 Retry-After, which holds all the channel's deliveries;
 * sending_owner/sending_until: the lease of the one tick sending to the channel now, so a channel gets one
 * request at a time). alert_deliveries: one row per (notification, channel), delivered under a lease with
 * back-off like the e-mails (a test alert has no notification). telegram_poller: one row, the getUpdates
 * offset and the lease that makes one process the poller. A rule chooses its channels (alert_rules
 * channel_ids, JSON) and whether the bell shows it (notifications.bell_hidden keeps the event for the
 * channels while the bell hides it); notifications.figures holds the event's numbers (JSON) for the
 * channels' messages.
 */
export const alertChannelsMigration: Migration = {
  // biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and use the untyped schema.
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('alert_channels')
      .$call((t) => addIdColumn(db, t))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('label', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('target', 'text', (c) => c.notNull())
      .addColumn('url', 'text')
      .addColumn('secret', 'text')
      .addColumn('telegram_chat_id', 'text')
      .addColumn('link_nonce', 'text')
      .addColumn('link_code_hash', 'text')
      .addColumn('link_expires_at', 'text')
      .addColumn('failures_in_a_row', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('not_before', 'text')
      .addColumn('sending_owner', 'text')
      .addColumn('sending_until', 'text')
      .addColumn('last_test_at', 'text')
      .addColumn('last_delivery_at', 'text')
      .addColumn('last_error', 'text')
      .addColumn('last_error_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('alert_channels_user_idx').on('alert_channels').column('user_id').execute();
    await db.schema
      .createIndex('alert_channels_link_code_idx')
      .on('alert_channels')
      .column('link_code_hash')
      .execute();
    await db.schema
      .createTable('alert_deliveries')
      .$call((t) => addIdColumn(db, t))
      .addColumn('notification_id', 'integer', (c) => c.references('notifications.id').onDelete('cascade'))
      .addColumn('channel_id', 'integer', (c) =>
        c.notNull().references('alert_channels.id').onDelete('cascade'),
      )
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_at', 'text', (c) => c.notNull())
      .addColumn('lease_until', 'text')
      .addColumn('lease_owner', 'text')
      .addColumn('last_error', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('sent_at', 'text')
      .addUniqueConstraint('alert_deliveries_once', ['notification_id', 'channel_id'])
      .execute();
    await db.schema
      .createIndex('alert_deliveries_due_idx')
      .on('alert_deliveries')
      .columns(['status', 'next_at'])
      .execute();
    await db.schema
      .createTable('telegram_poller')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('update_offset', 'text', (c) => c.notNull().defaultTo('0'))
      .addColumn('lease_until', 'text')
      .addColumn('lease_owner', 'text')
      .execute();
    await db.insertInto('telegram_poller').values({ id: 1, update_offset: '0' }).execute();
    await db.schema
      .alterTable('alert_rules')
      .addColumn('is_bell_enabled', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema
      .alterTable('alert_rules')
      .addColumn('channel_ids', 'text', (c) => c.notNull().defaultTo('[]'))
      .execute();
    await db.schema
      .alterTable('notifications')
      .addColumn('bell_hidden', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('notifications').addColumn('position', 'text').execute();
    await db.schema.alterTable('notifications').addColumn('figures', 'text').execute();
  },
};
