import type { Kysely, Migration } from 'kysely';
import { addIdColumn } from '../schema-helpers.ts';

/**
 * farm_index: every QuickSwap LP and dual farm the configured factories deployed (issue 14), refreshed by
 * a background job: the pair, tokens and rewards, and figures as of the last refresh. farm_index_runs: each
 * refresh, so the list can say how old it is and why the last one failed. watch-only wallets: wallets get
 * `is_watch_only` (no signature; tracking and discovery only).
 */
export const farmIndexMigration: Migration = {
  // biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and use the untyped schema.
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('farm_index')
      .$call((t) => addIdColumn(db, t))
      .addColumn('chain_id', 'integer', (c) => c.notNull())
      .addColumn('address', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('factory', 'text', (c) => c.notNull())
      .addColumn('pair_address', 'text', (c) => c.notNull())
      .addColumn('token0_address', 'text', (c) => c.notNull())
      .addColumn('token0_symbol', 'text', (c) => c.notNull())
      .addColumn('token0_decimals', 'integer', (c) => c.notNull())
      .addColumn('token1_address', 'text', (c) => c.notNull())
      .addColumn('token1_symbol', 'text', (c) => c.notNull())
      .addColumn('token1_decimals', 'integer', (c) => c.notNull())
      .addColumn('reward_a_address', 'text', (c) => c.notNull())
      .addColumn('reward_a_symbol', 'text', (c) => c.notNull())
      .addColumn('reward_a_decimals', 'integer', (c) => c.notNull())
      .addColumn('reward_b_address', 'text')
      .addColumn('reward_b_symbol', 'text')
      .addColumn('reward_b_decimals', 'integer')
      .addColumn('reward_rate_a', 'text', (c) => c.notNull())
      .addColumn('reward_rate_b', 'text')
      .addColumn('period_finish', 'text', (c) => c.notNull())
      .addColumn('is_ended', 'integer', (c) => c.notNull())
      .addColumn('is_paused', 'integer', (c) => c.notNull())
      .addColumn('total_staked', 'text', (c) => c.notNull())
      .addColumn('tvl_usd', 'double precision')
      .addColumn('apr', 'double precision')
      .addColumn('block_number', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('farm_index_chain_address', ['chain_id', 'address'])
      .execute();
    await db.schema
      .createTable('farm_index_runs')
      .$call((t) => addIdColumn(db, t))
      .addColumn('started_at', 'text', (c) => c.notNull())
      .addColumn('finished_at', 'text')
      .addColumn('farm_count', 'integer')
      .addColumn('skipped', 'integer')
      .addColumn('error', 'text')
      .execute();
    await db.schema
      .alterTable('wallets')
      .addColumn('is_watch_only', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
};
