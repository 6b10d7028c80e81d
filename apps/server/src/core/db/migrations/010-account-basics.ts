import type { Kysely, Migration } from 'kysely';

/**
 * users.sessions_valid_from: bearer tokens issued before it no longer authenticate (a password reset
 * logs out every session). Reset links are email_tokens rows with purpose 'reset_password'.
 */
export const accountBasicsMigration: Migration = {
  // biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and use the untyped schema.
  async up(db: Kysely<any>) {
    await db.schema.alterTable('users').addColumn('sessions_valid_from', 'text').execute();
  },
};
