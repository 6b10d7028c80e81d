import { type Kysely, type Migration, sql } from 'kysely';

/** Each snapshot table with the columns that name one snapshot: a thing (and wallet) at one block. */
const snapshotKeys = [
  { table: 'pool_snapshots', columns: ['pool_id', 'block_number'] },
  { table: 'farm_snapshots', columns: ['farm_id', 'block_number'] },
  { table: 'position_snapshots', columns: ['farm_id', 'account_address', 'block_number'] },
] as const;

/**
 * One snapshot per pool, per farm and per (farm, wallet) per block (issue 30): two refreshes sent at
 * once read the same block and each stored its rows, so the history, the chart and the CSV listed that
 * block twice. Duplicates already stored are removed first (the earliest row, lowest id, stays; rows of
 * one block hold the same chain figures), then a unique index lets the store skip a row that exists.
 */
export const oneSnapshotPerBlockMigration: Migration = {
  // biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and use the untyped schema.
  async up(db: Kysely<any>) {
    for (const { table, columns } of snapshotKeys) {
      const key = sql.join(columns.map((column) => sql.ref(column)));
      await sql`delete from ${sql.table(table)} where id not in (
        select min(id) from ${sql.table(table)} group by ${key}
      )`.execute(db);
      await db.schema
        .createIndex(`${table}_one_per_block`)
        .on(table)
        .columns([...columns])
        .unique()
        .execute();
    }
  },
};
