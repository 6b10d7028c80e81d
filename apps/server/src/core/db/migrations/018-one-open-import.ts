import { type Kysely, type Migration, sql } from 'kysely';

/**
 * One open import per user (issue 30): a second PARSE_URL while one is open used to start another import,
 * and a tab holding the first imported that one instead. A partial unique index makes the rule hold under
 * concurrent requests on SQLite and PostgreSQL; completed imports are history and do not count. Users who
 * already have several open imports keep their newest; the older ones (abandoned half-way) are removed.
 */
export const oneOpenImportMigration: Migration = {
  // biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and use the untyped schema.
  async up(db: Kysely<any>) {
    await sql`delete from farm_imports where state <> 'completed' and id not in (
      select max(id) from farm_imports where state <> 'completed' group by user_id
    )`.execute(db);
    await db.schema
      .createIndex('farm_imports_one_open_per_user')
      .on('farm_imports')
      .column('user_id')
      .unique()
      .where(sql.ref('state'), '<>', 'completed')
      .execute();
  },
};
