import type { Kysely, Migration } from 'kysely';
import { addIdColumn } from '../schema-helpers.ts';

/**
 * Alerts (issue 15): alert_rules holds a user's choices per rule (for one wallet, or '' for all), absent
 * rows meaning the defaults; notifications holds each event once per user (unique event key: an event never
 * fires twice, whichever process finds it) with its e-mail delivery state; users.alert_email turns e-mail
 * off while in-app notifications go on.
 */
export const alertsMigration: Migration = {
  // biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and use the untyped schema.
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('alert_rules')
      .$call((t) => addIdColumn(db, t))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('rule', 'text', (c) => c.notNull())
      .addColumn('wallet_address', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('is_enabled', 'integer', (c) => c.notNull())
      .addColumn('is_email_enabled', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('threshold', 'double precision')
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('alert_rules_unique', ['user_id', 'rule', 'wallet_address'])
      .execute();
    await db.schema
      .createTable('notifications')
      .$call((t) => addIdColumn(db, t))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('event_key', 'text', (c) => c.notNull())
      .addColumn('rule', 'text', (c) => c.notNull())
      .addColumn('farm_address', 'text', (c) => c.notNull())
      .addColumn('wallet_address', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('link', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('read_at', 'text')
      .addColumn('email_status', 'text', (c) => c.notNull())
      .addColumn('email_attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('email_next_at', 'text')
      .addColumn('email_lease_until', 'text')
      .addColumn('email_error', 'text')
      .addUniqueConstraint('notifications_event_unique', ['user_id', 'event_key'])
      .execute();
    await db.schema
      .createIndex('notifications_user_idx')
      .on('notifications')
      .columns(['user_id', 'id'])
      .execute();
    await db.schema
      .alterTable('users')
      .addColumn('alert_email', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
  },
};
