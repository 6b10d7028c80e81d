import { type Kysely, type Migration, sql } from 'kysely';
import { addIdColumn, isPostgres } from '../schema-helpers.ts';

/** Both tables back cached reads (the books, the portfolio's profit, 012): each raises data_version. */
const historyTables = ['vault_position_events', 'vault_history_scans'] as const;

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and use the untyped schema.
async function raiseDataVersionOnWrites(db: Kysely<any>): Promise<void> {
  for (const table of historyTables) {
    if (isPostgres(db)) {
      await sql`create trigger ${sql.raw(`${table}_data_version`)} after insert or update or delete
        on ${sql.table(table)} for each statement execute function bump_data_version()`.execute(db);
      continue;
    }
    for (const operation of ['insert', 'update', 'delete']) {
      await sql`create trigger ${sql.raw(`${table}_${operation}_data_version`)} after ${sql.raw(operation)}
        on ${sql.table(table)} begin update data_version set version = version + 1 where id = 1; end`.execute(
        db,
      );
    }
  }
}

/**
 * The history of the vaults tool's positions (issue 45, Build 3), read from the chain's final blocks:
 * - vault_position_events: one row per thing a transaction did to a position (a vault deposit or withdrawal, shares
 *   staked or unstaked, a reward, entering or leaving the lair, a syrup stake, withdrawal or reward), with what the
 *   wallet sent and received, named and valued at its block (JSON, as recorded_send_movements keeps movements).
 * - vault_history_scans: how far each position's history was read, and whether its shares or dQUICK moved in a
 *   way no row explains (a transfer to another address: its profit is then unknown, not guessed).
 */
export const vaultHistoryMigration: Migration = {
  // biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and use the untyped schema.
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('vault_position_events')
      .$call((t) => addIdColumn(db, t))
      .addColumn('position_id', 'integer', (c) =>
        c.notNull().references('vault_positions.id').onDelete('cascade'),
      )
      .addColumn('tx_hash', 'text', (c) => c.notNull())
      .addColumn('log_index', 'integer', (c) => c.notNull())
      .addColumn('block_number', 'bigint', (c) => c.notNull())
      .addColumn('block_time', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('counterparty', 'text', (c) => c.notNull())
      .addColumn('movement', 'text', (c) => c.notNull())
      .addColumn('usd', 'double precision')
      .addUniqueConstraint('vault_position_events_once', ['position_id', 'tx_hash', 'log_index'])
      .execute();
    await db.schema
      .createTable('vault_history_scans')
      .$call((t) => addIdColumn(db, t))
      .addColumn('position_id', 'integer', (c) =>
        c.notNull().references('vault_positions.id').onDelete('cascade'),
      )
      .addColumn('scanned_to_block', 'bigint')
      .addColumn('has_unexplained', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('lease_until', 'text')
      .addColumn('last_error', 'text')
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('vault_history_scans_position', ['position_id'])
      .execute();
    await raiseDataVersionOnWrites(db);
  },
};
