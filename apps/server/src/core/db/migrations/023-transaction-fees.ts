import { type Kysely, type Migration, sql } from 'kysely';
import { addIdColumn, isPostgres } from '../schema-helpers.ts';

/**
 * The books (issue 35):
 * - transaction_fees: the gas each transaction behind a history event paid, read once from its receipt
 *   (gas_used × effective_gas_price, exact wei) and valued in USD at its block by the one price rule (POL's
 *   price; null with price_error when unknown). A receipt the RPC could not return is stored 'unknown' with
 *   the error and retried with back-off. One row per (chain, hash); ledger answers are cached reads, so
 *   writes raise data_version (012). block_hash is the receipt's block; final_block, set for a send recorded
 *   through the recovery plan, the final block at or below which its receipt was read again with that block
 *   still the chain's (until then, or once reorganised away, the ledger leaves the send out).
 * - history_backfills / v3_history_backfills.scanned_to_hash: the hash of the block the scan reached, so a
 *   run notices that block was reorganised away and rescans.
 * - position_events_wallet_idx: the ledger reads a wallet's events of every farm.
 * - History scanned before this migration read up to the head, so its last blocks were never final and their
 *   hash was never kept: each scan rewinds by FINALITY_DEPTH's default (128 blocks, never below block 0, a V2
 *   scan never below its opening balance's block, the window start it read on from) and the events above it
 *   go (opening balances stay: they are the window start's, not a log), so the next run reads those blocks
 *   again up to a final block and keeps the hash it reached.
 */
/** FINALITY_DEPTH's default: how far below the head a block counts as final where no finalized tag is used. */
const rewindBlocks = 128;

/**
 * Rewinds every V2 and V3 history scan by `rewindBlocks`, a V2 scan never below its opening balance's block
 * (the window start: the scan read on from the block after it, and the balance there stands for every
 * stake before, so reading from below it would count those stakes twice), and drops the events (not opening
 * balances) above where each scan now stands.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and use the untyped schema.
async function rewindUnfinalScans(db: Kysely<any>) {
  const larger = isPostgres(db) ? 'greatest' : 'max';
  const rewound = sql`case when scanned_to_block > ${sql.lit(rewindBlocks)}
    then scanned_to_block - ${sql.lit(rewindBlocks)} else 0 end`;
  await sql`update history_backfills set scanned_to_block = ${sql.raw(larger)}(${rewound}, coalesce((
    select max(e.block_number) from position_events e where e.farm_id = history_backfills.farm_id
      and e.wallet_address = history_backfills.wallet_address and e.log_index = -1), 0))
    where scanned_to_block is not null`.execute(db);
  await sql`update v3_history_backfills set scanned_to_block = ${rewound}
    where scanned_to_block is not null`.execute(db);
  await sql`delete from position_events where log_index >= 0 and exists (
    select 1 from history_backfills h where h.farm_id = position_events.farm_id
      and h.wallet_address = position_events.wallet_address and h.scanned_to_block is not null
      and position_events.block_number > h.scanned_to_block)`.execute(db);
  await sql`delete from v3_position_events where log_index >= 0 and exists (
    select 1 from v3_history_backfills h where h.position_id = v3_position_events.position_id
      and h.scanned_to_block is not null
      and v3_position_events.block_number > h.scanned_to_block)`.execute(db);
}

/** A JSON field of v3_position_events.detail, in either database's SQL. */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and use the untyped schema.
const detailField = (db: Kysely<any>, field: string) =>
  isPostgres(db) ? sql.raw(`(detail::json ->> '${field}')`) : sql.raw(`json_extract(detail, '$.${field}')`);

/**
 * v3_position_events.owner_address / recipient_address: the addresses an event names (a Transfer's from / to,
 * a Collect's recipient, a RewardClaimed's owner / to, a FarmEnded's owner), indexed, so the ledger finds the
 * positions whose events name a wallet without reading every event's detail; filled for the stored rows.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and use the untyped schema.
async function addV3EventAddresses(db: Kysely<any>) {
  await db.schema.alterTable('v3_position_events').addColumn('owner_address', 'text').execute();
  await db.schema.alterTable('v3_position_events').addColumn('recipient_address', 'text').execute();
  const field = (name: string) => detailField(db, name);
  await sql`update v3_position_events set
    owner_address = case when kind = 'transfer' then ${field('from')}
      when kind in ('reward_claimed', 'farm_ended') then ${field('owner')} end,
    recipient_address = case when kind = 'transfer' then ${field('to')}
      when kind = 'collect' then ${field('recipient')} when kind = 'reward_claimed' then ${field('to')} end
    where detail is not null`.execute(db);
  for (const column of ['owner_address', 'recipient_address'])
    await db.schema
      .createIndex(`v3_position_events_${column}_idx`)
      .on('v3_position_events')
      .column(column)
      .execute();
  // A position whose snapshots name the wallet as its owner is the wallet's without a stored transfer.
  await db.schema
    .createIndex('v3_position_snapshots_owner_idx')
    .on('v3_position_snapshots')
    .columns(['owner', 'position_id'])
    .execute();
}

export const transactionFeesMigration: Migration = {
  // biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and use the untyped schema.
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('transaction_fees')
      .$call((t) => addIdColumn(db, t))
      .addColumn('chain_id', 'integer', (c) => c.notNull())
      .addColumn('tx_hash', 'text', (c) => c.notNull())
      .addColumn('from_address', 'text')
      .addColumn('block_number', 'bigint')
      .addColumn('block_time', 'text')
      .addColumn('block_hash', 'text')
      .addColumn('final_block', 'bigint')
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('gas_used', 'text')
      .addColumn('effective_gas_price', 'text')
      .addColumn('fee_wei', 'text')
      .addColumn('pol_usd', 'double precision')
      .addColumn('fee_usd', 'double precision')
      .addColumn('price_error', 'text')
      .addColumn('error', 'text')
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'text')
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('transaction_fees_one_per_hash', ['chain_id', 'tx_hash'])
      .execute();
    await db.schema.alterTable('history_backfills').addColumn('scanned_to_hash', 'text').execute();
    await db.schema.alterTable('v3_history_backfills').addColumn('scanned_to_hash', 'text').execute();
    await rewindUnfinalScans(db);
    // The ledger reads every stored event of a wallet, of any farm.
    await db.schema
      .createIndex('position_events_wallet_idx')
      .on('position_events')
      .columns(['wallet_address', 'block_number'])
      .execute();
    await addV3EventAddresses(db);

    if (isPostgres(db)) {
      await sql`create trigger transaction_fees_data_version after insert or update or delete
        on transaction_fees for each statement execute function bump_data_version()`.execute(db);
      return;
    }
    for (const operation of ['insert', 'update', 'delete']) {
      await sql`create trigger ${sql.raw(`transaction_fees_${operation}_data_version`)} after ${sql.raw(operation)}
        on transaction_fees begin update data_version set version = version + 1 where id = 1; end`.execute(
        db,
      );
    }
  },
};
