import type { Kysely, Migration } from 'kysely';
import { addIdColumn } from '../schema-helpers.ts';

/**
 * farm_imports: one row per import-wizard run, owned by a user. The server keeps the state and
 * everything gathered so far (JSON text in `data`), so a client cannot forge data between steps and a
 * reload resumes. `pinned_block` is the block every chain read of the import was taken at.
 */
export const farmImportsMigration: Migration = {
  // biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and use the untyped schema.
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('farm_imports')
      .$call((t) => addIdColumn(db, t))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('variant', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('previous_state', 'text')
      .addColumn('farm_address', 'text')
      .addColumn('data', 'text', (c) => c.notNull())
      .addColumn('pinned_block', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('farm_imports_user_state_idx')
      .on('farm_imports')
      .columns(['user_id', 'state'])
      .execute();
  },
};
