import { type CreateTableBuilder, type Kysely, PostgresAdapter } from 'kysely';

/** True when the migration runs on PostgreSQL (else SQLite). */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on the untyped schema by design.
export function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * Adds the `id` primary key: `serial` on PostgreSQL, `integer primary key autoincrement` on SQLite.
 * @example db.schema.createTable('wallets').$call((t) => addIdColumn(db, t)).addColumn(...)
 */
export function addIdColumn<T extends string>(
  // biome-ignore lint/suspicious/noExplicitAny: see isPostgres.
  db: Kysely<any>,
  table: CreateTableBuilder<T, never>,
): CreateTableBuilder<T, 'id'> {
  return isPostgres(db)
    ? table.addColumn('id', 'serial', (column) => column.primaryKey())
    : table.addColumn('id', 'integer', (column) => column.primaryKey().autoIncrement());
}
