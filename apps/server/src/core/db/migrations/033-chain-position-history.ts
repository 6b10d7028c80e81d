import type { Kysely, Migration } from 'kysely';
import { addIdColumn } from '../schema-helpers.ts';
import { raiseDataVersionOnWrites } from './030-vault-tracking.ts';

/**
 * The history of a tracked wallet's V4 positions on a chain beside Polygon (issue 47, Build 3), read from that chain's
 * final blocks, so their profit and returns are known as a V3 position's are:
 * - chain_position_scans: one row per (followed wallet, position): its pool and tokens, how far its events were read
 *   (and that block's hash, to see a reorganisation; whether the round's step budget ran out before the final
 *   block), and the block from which the wallet no longer held it.
 * - chain_position_events: the position manager's events of the position (IncreaseLiquidity, DecreaseLiquidity,
 *   Collect, Transfer), the columns of v3_position_events, valued at their blocks by that chain's price rule (their
 *   transactions' gas goes to transaction_fees under that chain's id, as Polygon's do under 137).
 */
export const chainPositionHistoryMigration: Migration = {
  // biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and use the untyped schema.
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('chain_position_scans')
      .$call((t) => addIdColumn(db, t))
      .addColumn('chain_wallet_id', 'integer', (c) =>
        c.notNull().references('chain_wallets.id').onDelete('cascade'),
      )
      .addColumn('token_id', 'text', (c) => c.notNull())
      .addColumn('pool_address', 'text', (c) => c.notNull())
      .addColumn('token0', 'text', (c) => c.notNull())
      .addColumn('token1', 'text', (c) => c.notNull())
      .addColumn('window_start_block', 'bigint', (c) => c.notNull())
      .addColumn('scanned_to_block', 'bigint', (c) => c.notNull())
      .addColumn('scanned_to_hash', 'text', (c) => c.notNull())
      .addColumn('left_at_block', 'bigint')
      .addColumn('is_behind', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('gaps', 'text')
      .addUniqueConstraint('chain_position_scans_once', ['chain_wallet_id', 'token_id'])
      .execute();

    await db.schema
      .createTable('chain_position_events')
      .$call((t) => addIdColumn(db, t))
      .addColumn('chain_wallet_id', 'integer', (c) =>
        c.notNull().references('chain_wallets.id').onDelete('cascade'),
      )
      .addColumn('token_id', 'text', (c) => c.notNull())
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
      .addUniqueConstraint('chain_position_events_once', [
        'chain_wallet_id',
        'token_id',
        'tx_hash',
        'log_index',
      ])
      .execute();

    await raiseDataVersionOnWrites(db, ['chain_position_scans', 'chain_position_events']);
  },
};
