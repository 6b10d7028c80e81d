import { type Kysely, type Migration, sql } from 'kysely';
import { addIdColumn } from '../schema-helpers.ts';

/**
 * throttle_hits: one row per counted event of any throttle (failed login, sign-up, waitlist, ...),
 * by `scope` (the throttle's name) and `key` (an IP or an e-mail). Replaces login_attempts, whose
 * rows are carried over so a migration does not reset a running lockout.
 */
export const throttlesMigration: Migration = {
  // biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and use the untyped schema.
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('throttle_hits')
      .$call((t) => addIdColumn(db, t))
      .addColumn('scope', 'text', (c) => c.notNull())
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('throttle_hits_scope_key_idx')
      .on('throttle_hits')
      .columns(['scope', 'key', 'created_at'])
      .execute();
    await sql`insert into throttle_hits (scope, "key", created_at)
      select 'loginPerAccount', email, created_at from login_attempts
      union all select 'loginPerIp', ip, created_at from login_attempts`.execute(db);
    await db.schema.dropTable('login_attempts').execute();
  },
};
