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
