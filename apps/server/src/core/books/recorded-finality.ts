import type { Hex } from 'viem';
import type { ChainClient } from '../chain/client.ts';
import { blockHashAt, type FinalityRule, finalStamp } from '../chain/finality.ts';
import type { OldTokens } from '../chain/token-labels.ts';
import type { PolPriceDeps } from '../snapshots/index.ts';
import { deleteSendMovements, storeSendMovements } from './books-repository.ts';
import { knownFee, receiptIfMined } from './fees.ts';
import {
  deleteTransactionFee,
  findUnsettledSends,
  markTransactionFeeFinal,
  upsertTransactionFee,
} from './fees-repository.ts';
import { readSendMovements } from './recorded-send-movements.ts';
import type { V3LogSources } from './v3-send-movements.ts';

/**
 * What settling recorded sends needs: the chain and its finality rule, POL's price for the gas row, the old
 * tokens (the rows name them 'QUICK (old)' / 'dQUICK (old)'), and where a send that could not be read is told.
 */
export type RecordedFinalityDeps = PolPriceDeps & {
  chain: ChainClient;
  finality: FinalityRule;
  oldTokens?: OldTokens | undefined;
  /** Where a V3 position action's rows come from (issue 46); without it such a send is its gas only. */
  v3?: V3LogSources | undefined;
  logWarn?: ((object: object, message: string) => void) | undefined;
};

/**
 * Reads of a send's POL price at its new block before it is marked final with the price unknown (a price no
 * route gives stays unknown; a node that lacks the block's state now may have it at the next read).
 */
const maxPriceAttempts = 5;

/**
 * Settles the wallet's sends recorded through the recovery plan (wallet_transactions) that are not checked
 * final yet (the worker's job, jobs/recorded-sends-job.ts; ledger reads only read what it stored): each
 * one's receipt is read again from the chain now. None: the send is not in the chain's blocks (reorganised
 * away), so its gas row and its movements go and the ledger leaves it out. Above the final block (FINALITY),
 * or its block's hash not the chain's: left for a later run. Final: what it did (recorded_send_movements) is
 * read from this receipt's logs unless it was read from the same block's when recorded (a chain that cannot
 * be read leaves the send for a later run). At or below it in the block its gas row was stored from: that
 * row is marked final as it is, with the POL price read when it was recorded (the block's state may be gone
 * from a node that is no archive). In another block (mined again elsewhere): the row is stored again from
 * this receipt (block, time, gas and POL's price there) and marked final, or, when that price cannot be read,
 * left not final to be read again, at most `maxPriceAttempts` times.
 */
export async function settleRecordedSends(
  deps: RecordedFinalityDeps,
  wallet: string,
  now: Date,
): Promise<void> {
  const pending = await findUnsettledSends(deps.db, deps.chainId, wallet);
  if (pending.length === 0) return;
  const final = await finalStamp(deps.chain, deps.finality);
  for (const send of pending) {
    const key = { chainId: deps.chainId, txHash: send.tx_hash, now };
    const receipt = await receiptIfMined(deps.chain, send.tx_hash as Hex);
    if (!receipt) {
      await deleteTransactionFee(deps.db, deps.chainId, send.tx_hash);
      await deleteSendMovements(deps.db, deps.chainId, send.tx_hash);
      continue;
    }
    if (receipt.blockNumber > final.number) continue;
    if ((await blockHashAt(deps.chain, receipt.blockNumber)) !== receipt.blockHash) continue;
    if (send.decoded_block_hash !== receipt.blockHash) {
      try {
        const movements = await readSendMovements(deps, {
          wallet,
          stepKind: send.step_kind,
          to: send.to_address,
          receipt,
        });
        await storeSendMovements(deps.db, { ...key, blockHash: receipt.blockHash }, movements);
      } catch (error) {
        deps.logWarn?.({ err: error }, `recorded sends: what ${send.tx_hash} did could not be read yet`);
        continue;
      }
    }
    if (send.status === 'known' && send.block_hash === receipt.blockHash) {
      await markTransactionFeeFinal(deps.db, key, Number(final.number));
      continue;
    }
    const fee = await knownFee(deps, receipt);
    const attempts = (send.attempts ?? 0) + 1;
    const isPriceRead = fee.pol_usd !== null || attempts >= maxPriceAttempts;
    await upsertTransactionFee(deps.db, key, {
      ...fee,
      attempts,
      final_block: isPriceRead ? Number(final.number) : null,
    });
  }
}
