import { type Kysely, type Migration, sql } from 'kysely';
import { addIdColumn, isPostgres } from '../schema-helpers.ts';

/** Every table here backs cached reads (the tracked lists, the portfolio, 012): each raises data_version. */
const vaultTables = [
  'vault_positions',
  'vault_tracked_positions',
  'vault_position_snapshots',
  'vault_snapshot_schedule',
] as const;

/** Triggers raising data_version on every write to `tables` (also migration 032's). */
export async function raiseDataVersionOnWrites(
  // biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and use the untyped schema.
  db: Kysely<any>,
  tables: readonly string[],
): Promise<void> {
  for (const table of tables) {
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
 * Tracking what the vaults tool shows (issue 45, Build 3): a wallet's dQUICK in a Dragon's Lair and its stake in
 * a syrup pool (vault shares next), the third kind of position of the one portfolio.
 * - vault_positions: one row per (chain, wallet, contract): the lair or the pool, and which it is.
 * - vault_tracked_positions: a user tracks one with a saved or watch-only wallet.
 * - vault_position_snapshots: the position valued at one block (one per position and block), its wire figures kept
 *   as JSON beside the columns the portfolio and the alerts read (a vault's base range state: in_range).
 * - vault_snapshot_schedule: when each tracked position's next automatic snapshot is due, and its lease.
 */
export const vaultTrackingMigration: Migration = {
  // biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and use the untyped schema.
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('vault_positions')
      .$call((t) => addIdColumn(db, t))
      .addColumn('chain_id', 'integer', (c) => c.notNull())
      .addColumn('wallet_address', 'text', (c) => c.notNull())
      .addColumn('contract_address', 'text', (c) => c.notNull())
      .addColumn('position_type', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('vault_positions_one_per_contract', [
        'chain_id',
        'wallet_address',
        'contract_address',
      ])
      .execute();

    await db.schema
      .createTable('vault_tracked_positions')
      .$call((t) => addIdColumn(db, t))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('position_id', 'integer', (c) =>
        c.notNull().references('vault_positions.id').onDelete('cascade'),
      )
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('vault_tracked_positions_once', ['user_id', 'position_id'])
      .execute();

    await db.schema
      .createTable('vault_position_snapshots')
      .$call((t) => addIdColumn(db, t))
      .addColumn('position_id', 'integer', (c) =>
        c.notNull().references('vault_positions.id').onDelete('cascade'),
      )
      .addColumn('block_number', 'bigint', (c) => c.notNull())
      .addColumn('created_on', 'text', (c) => c.notNull())
      .addColumn('value_usd', 'double precision')
      .addColumn('rewards_usd', 'double precision')
      .addColumn('ends_at', 'text')
      .addColumn('in_range', 'integer')
      .addColumn('figures', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('vault_position_snapshots_one_per_block')
      .on('vault_position_snapshots')
      .columns(['position_id', 'block_number'])
      .unique()
      .execute();

    await db.schema
      .createTable('vault_snapshot_schedule')
      .$call((t) => addIdColumn(db, t))
      .addColumn('position_id', 'integer', (c) =>
        c.notNull().references('vault_positions.id').onDelete('cascade'),
      )
      .addColumn('next_due_at', 'text', (c) => c.notNull())
      .addColumn('lease_until', 'text')
      .addColumn('last_run_at', 'text')
      .addColumn('last_error', 'text')
      .addColumn('last_error_at', 'text')
      .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
      .addUniqueConstraint('vault_snapshot_schedule_position', ['position_id'])
      .execute();
    await db.schema
      .createIndex('vault_snapshot_schedule_due_idx')
      .on('vault_snapshot_schedule')
      .columns(['next_due_at'])
      .execute();

    await raiseDataVersionOnWrites(db, vaultTables);
  },
};
