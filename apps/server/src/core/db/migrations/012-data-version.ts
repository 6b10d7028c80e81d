import { type Kysely, type Migration, sql } from 'kysely';
import { isPostgres } from '../schema-helpers.ts';

/** The tables the cached reads (http/read-cache.ts) are built from. */
const versionedTables = [
  'users',
  'wallets',
  'blockchains',
  'wallet_catalogue',
  'tokens',
  'pools',
  'farms',
  'token_snapshots',
  'pool_snapshots',
  'farm_snapshots',
  'position_snapshots',
  'tracked_farms',
  'snapshot_schedule',
  'position_events',
  'history_backfills',
] as const;

/**
 * data_version: one counter the database itself raises on every insert, update or delete of a table the
 * cached reads come from (issue 16), whichever process writes (API, workers, a script). A read cached at
 * version N is served again only while the counter is still N. The counter moves in the writer's own
 * transaction, so a reader never sees the new number before the new rows.
 */
export const dataVersionMigration: Migration = {
  // biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and use the untyped schema.
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('data_version')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('version', 'bigint', (c) => c.notNull())
      .execute();
    await db.insertInto('data_version').values({ id: 1, version: 0 }).execute();
    if (isPostgres(db)) {
      await sql`create function bump_data_version() returns trigger language plpgsql as $$
        begin update data_version set version = version + 1 where id = 1; return null; end $$`.execute(db);
      for (const table of versionedTables) {
        // Once per statement: a batch of a thousand snapshot rows raises it once.
        await sql`create trigger ${sql.raw(`${table}_data_version`)} after insert or update or delete
          on ${sql.table(table)} for each statement execute function bump_data_version()`.execute(db);
      }
      return;
    }
    for (const table of versionedTables) {
      for (const operation of ['insert', 'update', 'delete']) {
        await sql`create trigger ${sql.raw(`${table}_${operation}_data_version`)} after ${sql.raw(operation)}
          on ${sql.table(table)} begin update data_version set version = version + 1 where id = 1; end`.execute(
          db,
        );
      }
    }
  },
};
