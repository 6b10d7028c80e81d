import type { Kysely, Migration } from 'kysely';
import { addIdColumn } from '../schema-helpers.ts';

/**
 * Farms: tokens, pools, farms, their snapshots and tracking. Amounts are exact decimal text in whole
 * tokens (formatUnits of the on-chain integer); USD figures and shares are doubles (derived, may be
 * null = unknown); instants ISO text; every snapshot keeps the block it was read at. Dual-farm reward
 * figures live on the farm snapshot (A and B columns) instead of a separate reward table.
 */
export const farmsMigration: Migration = {
  // biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and use the untyped schema.
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('tokens')
      .$call((t) => addIdColumn(db, t))
      .addColumn('chain_id', 'integer', (c) => c.notNull())
      .addColumn('address', 'text', (c) => c.notNull())
      .addColumn('symbol', 'text', (c) => c.notNull())
      .addColumn('name', 'text')
      .addColumn('decimals', 'integer', (c) => c.notNull())
      .addColumn('coinmarketcap_id', 'integer')
      .addColumn('coinmarketcap_slug', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('tokens_chain_address_unique', ['chain_id', 'address'])
      .execute();

    await db.schema
      .createTable('pools')
      .$call((t) => addIdColumn(db, t))
      .addColumn('chain_id', 'integer', (c) => c.notNull())
      .addColumn('address', 'text', (c) => c.notNull())
      .addColumn('token0_id', 'integer', (c) => c.notNull().references('tokens.id'))
      .addColumn('token1_id', 'integer', (c) => c.notNull().references('tokens.id'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('pools_chain_address_unique', ['chain_id', 'address'])
      .execute();

    await db.schema
      .createTable('farms')
      .$call((t) => addIdColumn(db, t))
      .addColumn('chain_id', 'integer', (c) => c.notNull())
      .addColumn('address', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('pool_id', 'integer', (c) => c.notNull().references('pools.id'))
      .addColumn('reward_token_a_id', 'integer', (c) => c.notNull().references('tokens.id'))
      .addColumn('reward_token_b_id', 'integer', (c) => c.references('tokens.id'))
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('period_finish', 'text')
      .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('farms_chain_address_unique', ['chain_id', 'address'])
      .execute();

    await db.schema
      .createTable('token_snapshots')
      .$call((t) => addIdColumn(db, t))
      .addColumn('token_id', 'integer', (c) => c.notNull().references('tokens.id').onDelete('cascade'))
      .addColumn('price_usd', 'double precision')
      .addColumn('price_source', 'text')
      .addColumn('block_number', 'bigint')
      .addColumn('created_on', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('token_snapshots_token_idx')
      .on('token_snapshots')
      .columns(['token_id', 'id'])
      .execute();

    await db.schema
      .createTable('pool_snapshots')
      .$call((t) => addIdColumn(db, t))
      .addColumn('pool_id', 'integer', (c) => c.notNull().references('pools.id').onDelete('cascade'))
      .addColumn('reserve0', 'text', (c) => c.notNull())
      .addColumn('reserve1', 'text', (c) => c.notNull())
      .addColumn('total_supply', 'text', (c) => c.notNull())
      .addColumn('price0_usd', 'double precision')
      .addColumn('price1_usd', 'double precision')
      .addColumn('total_liquidity_usd', 'double precision')
      .addColumn('block_number', 'bigint', (c) => c.notNull())
      .addColumn('created_on', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('pool_snapshots_pool_idx')
      .on('pool_snapshots')
      .columns(['pool_id', 'id'])
      .execute();

    await db.schema
      .createTable('farm_snapshots')
      .$call((t) => addIdColumn(db, t))
      .addColumn('farm_id', 'integer', (c) => c.notNull().references('farms.id').onDelete('cascade'))
      .addColumn('total_supply', 'text', (c) => c.notNull())
      .addColumn('total_liquidity_usd', 'double precision')
      .addColumn('share_of_pool', 'double precision')
      .addColumn('reward_rate_a', 'text', (c) => c.notNull())
      .addColumn('reward_rate_b', 'text')
      .addColumn('reward_a_price_usd', 'double precision')
      .addColumn('reward_b_price_usd', 'double precision')
      .addColumn('period_finish', 'text', (c) => c.notNull())
      .addColumn('is_ended', 'integer', (c) => c.notNull())
      .addColumn('is_paused', 'integer', (c) => c.notNull())
      .addColumn('apr', 'double precision')
      .addColumn('block_number', 'bigint', (c) => c.notNull())
      .addColumn('created_on', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('farm_snapshots_farm_idx')
      .on('farm_snapshots')
      .columns(['farm_id', 'id'])
      .execute();

    await db.schema
      .createTable('position_snapshots')
      .$call((t) => addIdColumn(db, t))
      .addColumn('farm_id', 'integer', (c) => c.notNull().references('farms.id').onDelete('cascade'))
      .addColumn('account_address', 'text', (c) => c.notNull())
      .addColumn('staked', 'text', (c) => c.notNull())
      .addColumn('total_liquidity_usd', 'double precision')
      .addColumn('share_of_farm', 'double precision')
      .addColumn('earned_a', 'text', (c) => c.notNull())
      .addColumn('earned_a_in_usd', 'double precision')
      .addColumn('earned_b', 'text')
      .addColumn('earned_b_in_usd', 'double precision')
      .addColumn('block_number', 'bigint', (c) => c.notNull())
      .addColumn('created_on', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('position_snapshots_farm_account_idx')
      .on('position_snapshots')
      .columns(['farm_id', 'account_address', 'id'])
      .execute();

    await db.schema
      .createTable('tracked_farms')
      .$call((t) => addIdColumn(db, t))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('farm_id', 'integer', (c) => c.notNull().references('farms.id').onDelete('cascade'))
      .addColumn('wallet_address', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('tracked_farms_unique', ['user_id', 'farm_id', 'wallet_address'])
      .execute();
  },
};
