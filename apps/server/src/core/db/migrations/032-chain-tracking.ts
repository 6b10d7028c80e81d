import type { Kysely, Migration } from 'kysely';
import { addIdColumn } from '../schema-helpers.ts';
import { raiseDataVersionOnWrites } from './030-vault-tracking.ts';

/**
 * Tracking a wallet on a chain beside Polygon (issue 47): what it holds in QuickSwap there (V4 positions, V2 LP,
 * syrup stakes) joins the one portfolio, its alerts and its history of values.
 * - chain_wallets: one row per (chain, wallet) followed, whoever follows it.
 * - chain_tracked_wallets: a user tracks one of their saved or watch-only wallets on that chain.
 * - chain_wallet_snapshots: everything the wallet held there at one block (one per wallet and block), as the
 *   holdings answer (JSON) beside its total.
 * - chain_snapshot_schedule: when each followed wallet's next automatic snapshot is due, and its lease.
 */
export const chainTrackingMigration: Migration = {
  // biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and use the untyped schema.
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('chain_wallets')
      .$call((t) => addIdColumn(db, t))
      .addColumn('chain_id', 'integer', (c) => c.notNull())
      .addColumn('wallet_address', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('chain_wallets_once', ['chain_id', 'wallet_address'])
      .execute();

    await db.schema
      .createTable('chain_tracked_wallets')
      .$call((t) => addIdColumn(db, t))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('chain_wallet_id', 'integer', (c) =>
        c.notNull().references('chain_wallets.id').onDelete('cascade'),
      )
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('chain_tracked_wallets_once', ['user_id', 'chain_wallet_id'])
      .execute();

    await db.schema
      .createTable('chain_wallet_snapshots')
      .$call((t) => addIdColumn(db, t))
      .addColumn('chain_wallet_id', 'integer', (c) =>
        c.notNull().references('chain_wallets.id').onDelete('cascade'),
      )
      .addColumn('block_number', 'bigint', (c) => c.notNull())
      .addColumn('created_on', 'text', (c) => c.notNull())
      .addColumn('total_usd', 'double precision')
      .addColumn('holdings', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('chain_wallet_snapshots_one_per_block')
      .on('chain_wallet_snapshots')
      .columns(['chain_wallet_id', 'block_number'])
      .unique()
      .execute();

    await db.schema
      .createTable('chain_snapshot_schedule')
      .$call((t) => addIdColumn(db, t))
      .addColumn('chain_wallet_id', 'integer', (c) =>
        c.notNull().references('chain_wallets.id').onDelete('cascade'),
      )
      .addColumn('next_due_at', 'text', (c) => c.notNull())
      .addColumn('lease_until', 'text')
      .addColumn('last_run_at', 'text')
      .addColumn('last_error', 'text')
      .addColumn('last_error_at', 'text')
      .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
      .addUniqueConstraint('chain_snapshot_schedule_wallet', ['chain_wallet_id'])
      .execute();
    await db.schema
      .createIndex('chain_snapshot_schedule_due_idx')
      .on('chain_snapshot_schedule')
      .columns(['next_due_at'])
      .execute();

    await raiseDataVersionOnWrites(db, [
      'chain_wallets',
      'chain_tracked_wallets',
      'chain_wallet_snapshots',
      'chain_snapshot_schedule',
    ]);
  },
};
