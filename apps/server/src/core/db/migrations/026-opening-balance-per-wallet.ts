import { type Kysely, type Migration, sql } from 'kysely';
import { addIdColumn, isPostgres } from '../schema-helpers.ts';

/**
 * position_events is unique per wallet as well as per log (issue 35's books): a log belongs to one wallet, but
 * the 'opening balance' row (a position already open when history starts) has no log of its own ('0x', -1), so
 * under the old key (farm, tx_hash, log_index) the second wallet of a farm had its opening balance dropped on
 * conflict, and its deposits and profit were wrong. SQLite cannot drop a table constraint: the table is
 * rebuilt with the same columns, rows, indexes and data_version triggers (nothing references it).
 */
export const openingBalancePerWalletMigration: Migration = {
  // biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and use the untyped schema.
  async up(db: Kysely<any>) {
    if (isPostgres(db)) {
      await sql`alter table position_events drop constraint position_events_log_unique`.execute(db);
      await sql`alter table position_events add constraint position_events_log_unique
        unique (farm_id, wallet_address, tx_hash, log_index)`.execute(db);
      return;
    }
    const columns = [
      'id',
      'farm_id',
      'wallet_address',
      'kind',
      'reward_token_address',
      'amount',
      'block_number',
      'block_time',
      'tx_hash',
      'log_index',
      'amount0',
      'amount1',
      'usd',
      'usd_error',
    ];
    await db.schema
      .createTable('position_events_rebuilt')
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
      .addUniqueConstraint('position_events_log_unique', [
        'farm_id',
        'wallet_address',
        'tx_hash',
        'log_index',
      ])
      .execute();
    const list = sql.raw(columns.join(', '));
    await sql`insert into position_events_rebuilt (${list}) select ${list} from position_events`.execute(db);
    await db.schema.dropTable('position_events').execute();
    await sql`alter table position_events_rebuilt rename to position_events`.execute(db);
    await db.schema
      .createIndex('position_events_pair_idx')
      .on('position_events')
      .columns(['farm_id', 'wallet_address', 'block_number'])
      .execute();
    await db.schema
      .createIndex('position_events_wallet_idx')
      .on('position_events')
      .columns(['wallet_address', 'block_number'])
      .execute();
    for (const operation of ['insert', 'update', 'delete']) {
      await sql`create trigger ${sql.raw(`position_events_${operation}_data_version`)} after ${sql.raw(operation)}
        on position_events begin update data_version set version = version + 1 where id = 1; end`.execute(db);
    }
  },
};
