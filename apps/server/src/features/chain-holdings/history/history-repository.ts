import type { Insertable } from 'kysely';
import { type TransactionFeeValues, upsertTransactionFee } from '../../../core/books/fees-repository.ts';
import type { Database, DbOrTrx } from '../../../core/db/index.ts';

/** The history of a followed wallet's V4 positions (migration 033), in SQL: what the chains round writes. */

export type PositionScanRow = Insertable<Database['chain_position_scans']>;
export type PositionEventRow = Insertable<Database['chain_position_events']>;

/** A followed wallet's position scans: how far each position's history was read. */
export function loadPositionScans(db: DbOrTrx, chainWalletId: number) {
  return db
    .selectFrom('chain_position_scans')
    .selectAll()
    .where('chain_wallet_id', '=', chainWalletId)
    .orderBy('id')
    .execute();
}

/**
 * Stores what one round read of a wallet's position history, in the caller's transaction (the snapshot's): after a
 * reorganisation (`reset`) the wallet's events and scans go first and are read again; events already stored are
 * kept as they are (another process read the same range); each scan row is its new progress; the transactions' gas
 * rows go to transaction_fees under the chain's id.
 */
export async function storePositionHistory(
  trx: DbOrTrx,
  key: { chainId: number; chainWalletId: number; now: Date },
  write: {
    reset: boolean;
    scans: PositionScanRow[];
    events: PositionEventRow[];
    fees: { txHash: string; values: TransactionFeeValues }[];
  },
): Promise<void> {
  const { chainWalletId } = key;
  if (write.reset) {
    await trx.deleteFrom('chain_position_events').where('chain_wallet_id', '=', chainWalletId).execute();
    await trx.deleteFrom('chain_position_scans').where('chain_wallet_id', '=', chainWalletId).execute();
  }
  if (write.events.length > 0) {
    await trx
      .insertInto('chain_position_events')
      .values(write.events)
      .onConflict((oc) => oc.columns(['chain_wallet_id', 'token_id', 'tx_hash', 'log_index']).doNothing())
      .execute();
  }
  for (const fee of write.fees) {
    await upsertTransactionFee(trx, { chainId: key.chainId, txHash: fee.txHash, now: key.now }, fee.values);
  }
  for (const scan of write.scans) {
    await trx
      .insertInto('chain_position_scans')
      .values(scan)
      .onConflict((oc) =>
        oc.columns(['chain_wallet_id', 'token_id']).doUpdateSet({
          scanned_to_block: scan.scanned_to_block,
          scanned_to_hash: scan.scanned_to_hash,
          left_at_block: scan.left_at_block ?? null,
          is_behind: scan.is_behind ?? 0,
          gaps: scan.gaps ?? null,
        }),
      )
      .execute();
  }
}
