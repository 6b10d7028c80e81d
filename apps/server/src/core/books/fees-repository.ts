import type { SentTransactionKind } from '@tidewatch/shared';
import type { Kysely } from 'kysely';
import type { Database, DbOrTrx } from '../db/index.ts';
import type { TransactionFeeRow } from '../db/tables/transaction-fees.ts';

export type { TransactionFeeRow } from '../db/tables/transaction-fees.ts';

/** Hashes per `in (...)` list: well under SQLite's bound-parameter limit. */
const HASHES_PER_QUERY = 500;

/**
 * The stored gas rows of these transactions on a chain, keyed by lower-case hash. A hash without a row
 * (its receipt not read yet, or the opening balance's '0x') is absent from the map.
 */
export async function loadTransactionFees(
  db: Kysely<Database>,
  chainId: number,
  hashes: string[],
): Promise<Map<string, TransactionFeeRow>> {
  const unique = [...new Set(hashes.map((hash) => hash.toLowerCase()))];
  const byHash = new Map<string, TransactionFeeRow>();
  for (let start = 0; start < unique.length; start += HASHES_PER_QUERY) {
    const rows = await db
      .selectFrom('transaction_fees')
      .selectAll()
      .where('chain_id', '=', chainId)
      .where('tx_hash', 'in', unique.slice(start, start + HASHES_PER_QUERY))
      .execute();
    for (const row of rows) byHash.set(row.tx_hash.toLowerCase(), row);
  }
  return byHash;
}

/** A transaction's gas as read (known) or why it could not be (unknown), as stored by upsertTransactionFee. */
export type TransactionFeeValues = Omit<
  TransactionFeeRow,
  'id' | 'chain_id' | 'tx_hash' | 'updated_at' | 'block_number' | 'final_block'
> & { block_number: number | null; final_block?: number | null };

/**
 * Stores a transaction's gas row, replacing the one of the same (chain, hash); a row read again without
 * `final_block` is not checked final any more.
 */
export async function upsertTransactionFee(
  db: DbOrTrx,
  key: { chainId: number; txHash: string; now: Date },
  values: TransactionFeeValues,
): Promise<void> {
  const row = { ...values, final_block: values.final_block ?? null, updated_at: key.now.toISOString() };
  await db
    .insertInto('transaction_fees')
    .values({ chain_id: key.chainId, tx_hash: key.txHash.toLowerCase(), ...row })
    .onConflict((oc) => oc.columns(['chain_id', 'tx_hash']).doUpdateSet(row))
    .execute();
}

/**
 * Deletes the gas rows of these transactions that no stored V2 or V3 event refers to any more (after a
 * reorganisation removed their events): their block, time and price may not be the chain's now.
 */
export async function deleteUnreferencedFees(db: DbOrTrx, chainId: number, hashes: string[]): Promise<void> {
  const unique = [...new Set(hashes.map((hash) => hash.toLowerCase()))].filter((hash) => hash !== '0x');
  for (let start = 0; start < unique.length; start += HASHES_PER_QUERY) {
    await db
      .deleteFrom('transaction_fees')
      .where('chain_id', '=', chainId)
      .where('tx_hash', 'in', unique.slice(start, start + HASHES_PER_QUERY))
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('position_events as e')
              .select('e.id')
              .whereRef('e.tx_hash', '=', 'transaction_fees.tx_hash'),
          ),
        ),
      )
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('v3_position_events as e')
              .select('e.id')
              .whereRef('e.tx_hash', '=', 'transaction_fees.tx_hash'),
          ),
        ),
      )
      .execute();
  }
}

/**
 * A recorded send not checked final yet: the step it was recorded as and the contract it called, its stored
 * gas row's block hash, status and attempts, and the block hash its movements were decoded from (null: not yet).
 */
type UnsettledSend = {
  tx_hash: string;
  step_kind: SentTransactionKind;
  to_address: string;
  block_hash: string | null;
  status: string | null;
  attempts: number | null;
  decoded_block_hash: string | null;
};

/**
 * The wallet's sends recorded through the recovery plan (wallet_transactions) not checked final yet: without
 * a gas row, or with one whose final_block is empty.
 */
export function findUnsettledSends(db: DbOrTrx, chainId: number, wallet: string): Promise<UnsettledSend[]> {
  return db
    .selectFrom('wallet_transactions as w')
    .leftJoin('transaction_fees as f', (join) =>
      join.onRef('f.tx_hash', '=', 'w.tx_hash').onRef('f.chain_id', '=', 'w.chain_id'),
    )
    .leftJoin('recorded_send_movements as m', (join) =>
      join.onRef('m.tx_hash', '=', 'w.tx_hash').onRef('m.chain_id', '=', 'w.chain_id'),
    )
    .where('w.chain_id', '=', chainId)
    .where('w.wallet_address', '=', wallet)
    .where((eb) => eb.or([eb('f.id', 'is', null), eb('f.final_block', 'is', null)]))
    .select([
      'w.tx_hash',
      'w.step_kind',
      'w.to_address',
      'f.block_hash',
      'f.status',
      'f.attempts',
      'm.block_hash as decoded_block_hash',
    ])
    .distinct()
    .execute();
}

/** Up to `limit` wallets with a recorded send not checked final yet, whoever recorded it. */
export async function findWalletsWithUnsettledSends(
  db: DbOrTrx,
  chainId: number,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('wallet_transactions as w')
    .leftJoin('transaction_fees as f', (join) =>
      join.onRef('f.tx_hash', '=', 'w.tx_hash').onRef('f.chain_id', '=', 'w.chain_id'),
    )
    .where('w.chain_id', '=', chainId)
    .where((eb) => eb.or([eb('f.id', 'is', null), eb('f.final_block', 'is', null)]))
    .select('w.wallet_address')
    .distinct()
    .orderBy('w.wallet_address')
    .limit(limit)
    .execute();
  return rows.map((row) => row.wallet_address);
}

/** Marks a transaction's stored gas row final at `finalBlock`, its figures as they are. */
export async function markTransactionFeeFinal(
  db: DbOrTrx,
  key: { chainId: number; txHash: string; now: Date },
  finalBlock: number,
): Promise<void> {
  await db
    .updateTable('transaction_fees')
    .set({ final_block: finalBlock, updated_at: key.now.toISOString() })
    .where('chain_id', '=', key.chainId)
    .where('tx_hash', '=', key.txHash.toLowerCase())
    .execute();
}

/** Deletes a transaction's gas row (a recorded send the chain reorganised away). */
export async function deleteTransactionFee(db: DbOrTrx, chainId: number, txHash: string): Promise<void> {
  await db
    .deleteFrom('transaction_fees')
    .where('chain_id', '=', chainId)
    .where('tx_hash', '=', txHash.toLowerCase())
    .execute();
}
