import type { ColumnType, Generated, Selectable } from 'kysely';

/**
 * The gas one transaction paid, read once from its receipt (migration 023, issue 35's books). Wei amounts are
 * exact decimal text; USD figures are null when unknown (price_error says why), never 0.
 */
type TransactionFeesTable = {
  id: Generated<number>;
  chain_id: number;
  /** Lower-case 0x-prefixed hash; unique per chain. */
  tx_hash: string;
  /** Checksummed sender from the receipt; a fee is the wallet's only when this is the wallet. Null while unknown. */
  from_address: string | null;
  /** bigint: a string on PostgreSQL, a number on SQLite; read through Number(). Null while unknown. */
  block_number: ColumnType<number | string | null, number | null, number | null>;
  /** ISO UTC time of the receipt's block; null while unknown. */
  block_time: string | null;
  /** The receipt's block hash; null while unknown. */
  block_hash: string | null;
  /**
   * A recorded send's (wallet_transactions) check: the final block at or below which its receipt was read again
   * with its block still the chain's; null until then (the ledger leaves the send out). Read through Number().
   */
  final_block: ColumnType<number | string | null, number | null | undefined, number | null>;
  /** 'known': the receipt was read; 'unknown': the RPC could not return it (error says why). */
  status: 'known' | 'unknown';
  /** Gas units (decimal text). */
  gas_used: string | null;
  /** Wei per gas unit (decimal text). */
  effective_gas_price: string | null;
  /** gas_used × effective_gas_price in wei (exact decimal text). */
  fee_wei: string | null;
  /** POL's (WMATIC's) USD price at the block by the one price rule; null when unknown. */
  pol_usd: number | null;
  /** The fee in USD at its block; null when the price was unknown. */
  fee_usd: number | null;
  /** Why pol_usd / fee_usd are null; null when known. */
  price_error: string | null;
  /** Why the receipt is unknown; null when known. */
  error: string | null;
  /** Receipt reads tried so far. */
  attempts: Generated<number>;
  /** When an unknown receipt may be tried again; null when known or given up. */
  next_attempt_at: string | null;
  updated_at: string;
};

export type TransactionFeesTables = { transaction_fees: TransactionFeesTable };
export type TransactionFeeRow = Selectable<TransactionFeesTable>;
