import { type Kysely, type Migration, sql } from 'kysely';
import { addIdColumn } from '../schema-helpers.ts';

/**
 * snapshot_schedule: one row per tracked (farm, wallet) pair, shared by every user tracking it: when its
 * next automatic snapshot is due, who holds it (a lease, so several processes never snapshot it twice),
 * and how the last automatic one went. Pairs tracked before this migration are due at once.
 */
export const snapshotScheduleMigration: Migration = {
  // biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and use the untyped schema.
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('snapshot_schedule')
      .$call((t) => addIdColumn(db, t))
      .addColumn('farm_id', 'integer', (c) => c.notNull().references('farms.id').onDelete('cascade'))
      .addColumn('wallet_address', 'text', (c) => c.notNull())
      .addColumn('next_due_at', 'text', (c) => c.notNull())
      .addColumn('lease_until', 'text')
      .addColumn('last_run_at', 'text')
      .addColumn('last_error', 'text')
      .addColumn('last_error_at', 'text')
      .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
      .addUniqueConstraint('snapshot_schedule_pair', ['farm_id', 'wallet_address'])
      .execute();
    await db.schema
      .createIndex('snapshot_schedule_due_idx')
      .on('snapshot_schedule')
      .columns(['next_due_at'])
      .execute();
    const now = new Date().toISOString();
    await sql`insert into snapshot_schedule (farm_id, wallet_address, next_due_at)
      select distinct farm_id, wallet_address, ${now} from tracked_farms`.execute(db);
  },
};
