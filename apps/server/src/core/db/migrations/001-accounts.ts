import type { Kysely, Migration } from 'kysely';
import { addIdColumn } from '../schema-helpers.ts';

/** Accounts: users, e-mail tokens, revoked JWTs, login attempts, waitlist, contact, exchange codes. */
export const accountsMigration: Migration = {
  // biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and use the untyped schema.
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('users')
      .$call((t) => addIdColumn(db, t))
      .addColumn('email', 'text', (c) => c.notNull().unique())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('email_confirmed_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('email_tokens')
      .$call((t) => addIdColumn(db, t))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('purpose', 'text', (c) => c.notNull())
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('revoked_tokens')
      .addColumn('jti', 'text', (c) => c.primaryKey())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('login_attempts')
      .$call((t) => addIdColumn(db, t))
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('ip', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('login_attempts_email_idx')
      .on('login_attempts')
      .columns(['email', 'created_at'])
      .execute();
    await db.schema
      .createIndex('login_attempts_ip_idx')
      .on('login_attempts')
      .columns(['ip', 'created_at'])
      .execute();

    await db.schema
      .createTable('waitlist_signups')
      .$call((t) => addIdColumn(db, t))
      .addColumn('email', 'text', (c) => c.notNull().unique())
      .addColumn('tokens', 'text')
      .addColumn('concern', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('contact_messages')
      .$call((t) => addIdColumn(db, t))
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('concerns', 'text')
      .addColumn('tokens', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('exchange_connections')
      .$call((t) => addIdColumn(db, t))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('code', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
  },
};
