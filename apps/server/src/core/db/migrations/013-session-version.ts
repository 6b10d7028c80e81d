import { type Kysely, type Migration, sql } from 'kysely';
import { isPostgres } from '../schema-helpers.ts';

/**
 * A logout (a revoked token) raises data_version too, as writes to users already do (012): the session
 * check (features/accounts/sessions.ts) then reuses a session it looked up while the counter is unchanged,
 * and looks again after any change that could end one (logout, password reset, deleted account).
 */
export const sessionVersionMigration: Migration = {
  // biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and use the untyped schema.
  async up(db: Kysely<any>) {
    if (isPostgres(db)) {
      await sql`create trigger revoked_tokens_data_version after insert or update or delete
        on revoked_tokens for each statement execute function bump_data_version()`.execute(db);
      return;
    }
    for (const operation of ['insert', 'update', 'delete']) {
      await sql`create trigger ${sql.raw(`revoked_tokens_${operation}_data_version`)} after ${sql.raw(operation)}
        on revoked_tokens begin update data_version set version = version + 1 where id = 1; end`.execute(db);
    }
  },
};
