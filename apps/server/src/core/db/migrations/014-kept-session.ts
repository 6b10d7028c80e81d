import type { Kysely, Migration } from 'kysely';

/**
 * users.sessions_kept_jti: the one session a password change keeps (the one that made it) while every other
 * session issued before `sessions_valid_from` ends. A reset keeps none (it is null then).
 */
export const keptSessionMigration: Migration = {
  // biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and use the untyped schema.
  async up(db: Kysely<any>) {
    await db.schema.alterTable('users').addColumn('sessions_kept_jti', 'text').execute();
  },
};
