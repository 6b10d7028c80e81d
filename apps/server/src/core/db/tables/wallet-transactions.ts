import type { SentTransactionKind } from '@tidewatch/shared';
import type { ColumnType, Generated } from 'kysely';

/**
 * A transaction a user sent from a proved wallet for a recovery step, as its receipt says (migration 020).
 * Issue 35's books read the gas from here. Amounts of wei and POL are exact decimal text.
 */
export type WalletTransactionsTable = {
  id: Generated<number>;
  user_id: number;
  chain_id: number;
  /** Checksummed. */
  wallet_address: string;
  /** Lower-case 0x-prefixed hash; unique per chain. */
  tx_hash: string;
  step_kind: SentTransactionKind;
  /** The contract called (checksummed). */
  to_address: string;
  status: 'success' | 'reverted';
  /** bigint: a string on PostgreSQL, a number on SQLite; read through Number(). */
  block_number: ColumnType<number | string, number, never>;
  /** Gas units (decimal text). */
  gas_used: string;
  /** Wei per gas unit (decimal text). */
  effective_gas_price: string;
  /** gas_used × effective_gas_price in POL (exact decimal text). */
  gas_pol: string;
  /** The same in USD at the receipt's block; null when POL's price was unknown. */
  gas_usd: number | null;
  /** The imported farm the step changed; null for other contracts (or a farm not imported). */
  farm_id: number | null;
  created_at: string;
};

export type WalletTransactionsTables = { wallet_transactions: WalletTransactionsTable };
