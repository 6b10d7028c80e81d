import type { Kysely, Migration } from 'kysely';
import { addIdColumn } from '../schema-helpers.ts';

/**
 * Position history from the first stake (issue 13):
 * - position_events: a wallet's Staked / Withdrawn / RewardPaid events on a farm, raw amounts, and what
 *   they were worth at their block (token amounts an LP amount stood for, USD; null = unknown, with why).
 * - history_backfills: one row per tracked (farm, wallet) pair: how far the history job got (events read
 *   up to a block, daily points done), so a killed job resumes where it stopped.
 */
export const positionHistoryMigration: Migration = {
  // biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and use the untyped schema.
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('position_events')
      .$call((t) => addIdColumn(db, t))
      .addColumn('farm_id', 'integer', (c) => c.notNull().references('farms.id').onDelete('cascade'))
      .addColumn('wallet_address', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('reward_token_address', 'text')
      .addColumn('amount', 'text', (c) => c.notNull())
      .addColumn('block_number', 'bigint', (c) => c.notNull())
      .addColumn('block_time', 'text', (c) => c.notNull())
      .addColumn('tx_hash', 'text', (c) => c.notNull())
      .addColumn('log_index', 'integer', (c) => c.notNull())
      .addColumn('amount0', 'text')
      .addColumn('amount1', 'text')
      .addColumn('usd', 'double precision')
      .addColumn('usd_error', 'text')
      .addUniqueConstraint('position_events_log_unique', ['farm_id', 'tx_hash', 'log_index'])
      .execute();
    await db.schema
      .createIndex('position_events_pair_idx')
      .on('position_events')
      .columns(['farm_id', 'wallet_address', 'block_number'])
      .execute();

    await db.schema
      .createTable('history_backfills')
      .$call((t) => addIdColumn(db, t))
      .addColumn('farm_id', 'integer', (c) => c.notNull().references('farms.id').onDelete('cascade'))
      .addColumn('wallet_address', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('scanned_to_block', 'bigint')
      .addColumn('first_staked_block', 'bigint')
      .addColumn('first_staked_on', 'text')
      .addColumn('days_total', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('days_done', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('gaps', 'text')
      .addColumn('error', 'text')
      .addColumn('lease_until', 'text')
      .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('history_backfills_pair', ['farm_id', 'wallet_address'])
      .execute();
  },
};
