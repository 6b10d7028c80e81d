import type { Kysely, Migration } from 'kysely';
import { addIdColumn } from '../schema-helpers.ts';

/**
 * merkl_answers (issue 34): the last good answer of the Merkl API per wallet (its cumulative rewards per token,
 * JSON), so that while the API is down or answers garbage a wallet's Merkl rewards are shown as last known,
 * with their age, instead of an error. One row per chain and wallet, replaced by each good answer.
 */
export const merklAnswersMigration: Migration = {
  // biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and use the untyped schema.
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('merkl_answers')
      .$call((t) => addIdColumn(db, t))
      .addColumn('chain_id', 'integer', (c) => c.notNull())
      .addColumn('wallet_address', 'text', (c) => c.notNull())
      .addColumn('rewards', 'text', (c) => c.notNull())
      .addColumn('fetched_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('merkl_answers_one_per_wallet', ['chain_id', 'wallet_address'])
      .execute();
  },
};
