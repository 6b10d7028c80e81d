import type { Kysely, Migration } from 'kysely';
import { addIdColumn } from '../schema-helpers.ts';

/**
 * wallet_transactions (issue 33): each transaction a user sent from a proved wallet for a step of a recovery
 * plan (exit, withdraw, claim, approve, remove liquidity, leave the lair, convert QUICK), as the server read
 * its receipt: the contract called, the outcome, and the gas it cost (gas_used × effective_gas_price, in POL
 * and in USD at its block). One row per hash per chain (recording it twice answers the stored row). The
 * books of issue 35 read the gas from here.
 */
export const walletTransactionsMigration: Migration = {
  // biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and use the untyped schema.
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('wallet_transactions')
      .$call((t) => addIdColumn(db, t))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('chain_id', 'integer', (c) => c.notNull())
      .addColumn('wallet_address', 'text', (c) => c.notNull())
      .addColumn('tx_hash', 'text', (c) => c.notNull())
      .addColumn('step_kind', 'text', (c) => c.notNull())
      .addColumn('to_address', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('block_number', 'bigint', (c) => c.notNull())
      .addColumn('gas_used', 'text', (c) => c.notNull())
      .addColumn('effective_gas_price', 'text', (c) => c.notNull())
      .addColumn('gas_pol', 'text', (c) => c.notNull())
      .addColumn('gas_usd', 'double precision')
      .addColumn('farm_id', 'integer', (c) => c.references('farms.id').onDelete('set null'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('wallet_transactions_one_per_hash', ['chain_id', 'tx_hash'])
      .execute();
    await db.schema
      .createIndex('wallet_transactions_wallet_idx')
      .on('wallet_transactions')
      .columns(['user_id', 'wallet_address', 'block_number'])
      .execute();
  },
};
