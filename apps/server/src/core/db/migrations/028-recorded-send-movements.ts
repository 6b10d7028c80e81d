import { type Kysely, type Migration, sql } from 'kysely';
import { addIdColumn, isPostgres } from '../schema-helpers.ts';

/**
 * recorded_send_movements (issue 42, finding 4): what each send recorded through the recovery plan or a
 * position action did, decoded from its receipt's logs (a farm's Withdrawn / RewardPaid, a pair's Transfer /
 * Burn, the lair's and the tokens' Transfers): one row per recorded transaction, its ledger movements as JSON
 * and the block hash of the receipt they came from. It goes with its wallet_transactions row (composite key,
 * cascade). Ledger answers are cached reads, so writes raise data_version (012).
 */
export const recordedSendMovementsMigration: Migration = {
  // biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and use the untyped schema.
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('recorded_send_movements')
      .$call((t) => addIdColumn(db, t))
      .addColumn('chain_id', 'integer', (c) => c.notNull())
      .addColumn('tx_hash', 'text', (c) => c.notNull())
      .addColumn('block_hash', 'text', (c) => c.notNull())
      .addColumn('movements', 'text', (c) => c.notNull())
      .addColumn('decoded_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('recorded_send_movements_one_per_hash', ['chain_id', 'tx_hash'])
      .addForeignKeyConstraint(
        'recorded_send_movements_send',
        ['chain_id', 'tx_hash'],
        'wallet_transactions',
        ['chain_id', 'tx_hash'],
        (fk) => fk.onDelete('cascade'),
      )
      .execute();
    if (isPostgres(db)) {
      await sql`create trigger recorded_send_movements_data_version after insert or update or delete
        on recorded_send_movements for each statement execute function bump_data_version()`.execute(db);
      return;
    }
    for (const operation of ['insert', 'update', 'delete']) {
      await sql`create trigger ${sql.raw(`recorded_send_movements_${operation}_data_version`)} after ${sql.raw(operation)}
        on recorded_send_movements begin update data_version set version = version + 1 where id = 1; end`.execute(
        db,
      );
    }
  },
};
