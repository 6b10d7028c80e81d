import type { Kysely, Migration } from 'kysely';
import { addIdColumn } from '../schema-helpers.ts';

/**
 * v3_incentive_index (issue 43, finding 3): the eternal farming's incentives as far as any process read its
 * logs, so a new process does not read them all again (and a wallet's V3 list costs its three requests from the
 * first): one row per chain and farming contract, the incentives as JSON.
 */
export const v3IncentiveIndexMigration: Migration = {
  // biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and use the untyped schema.
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('v3_incentive_index')
      .$call((t) => addIdColumn(db, t))
      .addColumn('chain_id', 'integer', (c) => c.notNull())
      .addColumn('eternal_farming', 'text', (c) => c.notNull())
      .addColumn('scanned_to_block', 'bigint', (c) => c.notNull())
      .addColumn('incentives', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('v3_incentive_index_one_per_farming', ['chain_id', 'eternal_farming'])
      .execute();
  },
};
