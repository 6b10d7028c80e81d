import { type Kysely, type Migration, sql } from 'kysely';
import { addIdColumn, isPostgres } from '../schema-helpers.ts';

/** Every table here: the tracked-summary and the V3 lists are cached reads (012), so each raises data_version. */
const v3Tables = [
  'v3_positions',
  'v3_tracked_positions',
  'v3_position_snapshots',
  'v3_snapshot_schedule',
  'v3_position_events',
  'v3_history_backfills',
] as const;

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and use the untyped schema.
async function raiseDataVersionOnWrites(db: Kysely<any>): Promise<void> {
  for (const table of v3Tables) {
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
 * Tracking QuickSwap V3 positions (issue 34, item 5):
 * - v3_positions: one row per position NFT (chain, token id) with its pool, tokens and range, shared by
 *   every user tracking it (the range of a position never changes; its tokens are rows of `tokens`, so the
 *   one price rule and the user's price choice apply as for the V2 farms).
 * - v3_tracked_positions: a user tracks a position with a saved or watch-only wallet.
 * - v3_position_snapshots: the position valued at one block (one per position and block, as V2's snapshots
 *   since migration 017).
 * - v3_snapshot_schedule: when each tracked position's next automatic snapshot is due, and its lease.
 * - v3_position_events: the position's events from the chain, valued at their blocks (one per log).
 * - v3_history_backfills: the history job of each tracked position, its progress, so a killed job resumes.
 */
export const v3TrackingMigration: Migration = {
  // biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and use the untyped schema.
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('v3_positions')
      .$call((t) => addIdColumn(db, t))
      .addColumn('chain_id', 'integer', (c) => c.notNull())
      .addColumn('token_id', 'text', (c) => c.notNull())
      .addColumn('pool_address', 'text', (c) => c.notNull())
      .addColumn('token0_id', 'integer', (c) => c.notNull().references('tokens.id'))
      .addColumn('token1_id', 'integer', (c) => c.notNull().references('tokens.id'))
      .addColumn('tick_lower', 'integer', (c) => c.notNull())
      .addColumn('tick_upper', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('v3_positions_one_per_token', ['chain_id', 'token_id'])
      .execute();

    await db.schema
      .createTable('v3_tracked_positions')
      .$call((t) => addIdColumn(db, t))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('position_id', 'integer', (c) =>
        c.notNull().references('v3_positions.id').onDelete('cascade'),
      )
      .addColumn('wallet_address', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('v3_tracked_positions_once', ['user_id', 'position_id', 'wallet_address'])
      .execute();

    await db.schema
      .createTable('v3_position_snapshots')
      .$call((t) => addIdColumn(db, t))
      .addColumn('position_id', 'integer', (c) =>
        c.notNull().references('v3_positions.id').onDelete('cascade'),
      )
      .addColumn('block_number', 'bigint', (c) => c.notNull())
      .addColumn('created_on', 'text', (c) => c.notNull())
      .addColumn('owner', 'text', (c) => c.notNull())
      .addColumn('is_farmed', 'integer', (c) => c.notNull())
      .addColumn('in_range', 'integer', (c) => c.notNull())
      .addColumn('tick', 'integer', (c) => c.notNull())
      .addColumn('liquidity', 'text', (c) => c.notNull())
      .addColumn('amount0', 'text', (c) => c.notNull())
      .addColumn('amount1', 'text', (c) => c.notNull())
      .addColumn('fees0', 'text')
      .addColumn('fees1', 'text')
      .addColumn('value_usd', 'double precision')
      .addColumn('fees_usd', 'double precision')
      .addColumn('rewards_usd', 'double precision')
      .addColumn('pending_rewards_usd', 'double precision')
      .addColumn('price0_usd', 'double precision')
      .addColumn('price1_usd', 'double precision')
      .addColumn('incentive_id', 'text')
      .addColumn('incentive_end', 'text')
      .addColumn('rewards', 'text')
      .execute();
    await db.schema
      .createIndex('v3_position_snapshots_one_per_block')
      .on('v3_position_snapshots')
      .columns(['position_id', 'block_number'])
      .unique()
      .execute();

    await db.schema
      .createTable('v3_snapshot_schedule')
      .$call((t) => addIdColumn(db, t))
      .addColumn('position_id', 'integer', (c) =>
        c.notNull().references('v3_positions.id').onDelete('cascade'),
      )
      .addColumn('next_due_at', 'text', (c) => c.notNull())
      .addColumn('lease_until', 'text')
      .addColumn('last_run_at', 'text')
      .addColumn('last_error', 'text')
      .addColumn('last_error_at', 'text')
      .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
      .addUniqueConstraint('v3_snapshot_schedule_position', ['position_id'])
      .execute();
    await db.schema
      .createIndex('v3_snapshot_schedule_due_idx')
      .on('v3_snapshot_schedule')
      .columns(['next_due_at'])
      .execute();

    await db.schema
      .createTable('v3_position_events')
      .$call((t) => addIdColumn(db, t))
      .addColumn('position_id', 'integer', (c) =>
        c.notNull().references('v3_positions.id').onDelete('cascade'),
      )
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('block_number', 'bigint', (c) => c.notNull())
      .addColumn('block_time', 'text', (c) => c.notNull())
      .addColumn('tx_hash', 'text', (c) => c.notNull())
      .addColumn('log_index', 'integer', (c) => c.notNull())
      .addColumn('liquidity', 'text')
      .addColumn('amounts', 'text', (c) => c.notNull())
      .addColumn('usd', 'double precision')
      .addColumn('usd_error', 'text')
      .addColumn('detail', 'text')
      .addUniqueConstraint('v3_position_events_log_unique', ['position_id', 'tx_hash', 'log_index'])
      .execute();
    await db.schema
      .createIndex('v3_position_events_position_idx')
      .on('v3_position_events')
      .columns(['position_id', 'block_number'])
      .execute();

    await db.schema
      .createTable('v3_history_backfills')
      .$call((t) => addIdColumn(db, t))
      .addColumn('position_id', 'integer', (c) =>
        c.notNull().references('v3_positions.id').onDelete('cascade'),
      )
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('scanned_to_block', 'bigint')
      .addColumn('gaps', 'text')
      .addColumn('error', 'text')
      .addColumn('lease_until', 'text')
      .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('v3_history_backfills_position', ['position_id'])
      .execute();
    await raiseDataVersionOnWrites(db);
  },
};
