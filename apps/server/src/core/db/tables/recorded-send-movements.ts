import type { Generated } from 'kysely';

/**
 * What a send recorded through the recovery plan did, read back from its receipt's logs (migration 028,
 * issue 42): one row per recorded transaction (wallet_transactions), its movements as JSON (the ledger rows
 * it becomes, core/books/send-movements.ts), decoded from the receipt of the block `block_hash` names. An
 * empty list is a send that moved nothing the ledger names (an approve, a revert): its gas only.
 */
type RecordedSendMovementsTable = {
  id: Generated<number>;
  chain_id: number;
  /** Lower-case 0x-prefixed hash of a wallet_transactions row; unique per chain. */
  tx_hash: string;
  /** The block the receipt was read in: movements of another block are read again. */
  block_hash: string;
  /** JSON: StoredMovement[] (core/books/send-movements.ts), with amounts as integer text. */
  movements: string;
  decoded_at: string;
};

export type RecordedSendMovementsTables = { recorded_send_movements: RecordedSendMovementsTable };
