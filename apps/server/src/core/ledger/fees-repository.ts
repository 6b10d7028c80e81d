import type { Kysely } from 'kysely';
import type { Database } from '../db/index.ts';
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
