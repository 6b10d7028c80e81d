import type { Generated } from 'kysely';

/** The last good Merkl API answer of a wallet (migration 022). */
type MerklAnswersTable = {
  id: Generated<number>;
  chain_id: number;
  /** Checksummed. */
  wallet_address: string;
  /** JSON: [{token, symbol, decimals, amount}] with `amount` the cumulative amount earned (smallest unit, decimal text). */
  rewards: string;
  /** When the API gave it (ISO-8601). */
  fetched_at: string;
};

export type MerklAnswersTables = { merkl_answers: MerklAnswersTable };
