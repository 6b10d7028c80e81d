import type { Hex } from 'viem';
import type { ChainClient } from '../chain/client.ts';
import { blockHashAt, type FinalityRule, finalStamp } from '../chain/finality.ts';
import type { PolPriceDeps } from '../snapshots/index.ts';
import { knownFee, receiptIfMined } from './fees.ts';
import { upsertTransactionFee } from './fees-repository.ts';

/** What settling recorded sends needs: the chain and its finality rule, POL's price for the gas row. */
export type RecordedFinalityDeps = PolPriceDeps & { chain: ChainClient; finality: FinalityRule };

/**
 * Settles the wallet's sends recorded through the recovery plan (wallet_transactions) that are not checked
 * final yet: each one's receipt is read again from the chain now. None: the send is not in the chain's blocks
 * (reorganised away), so its gas row goes and the ledger leaves it out. In a block at or below the final block
 * (FINALITY) whose hash is still that block's: its gas row is stored again from this receipt (block, time,
 * gas and POL's price there, as a send mined again elsewhere changes them) and marked final. Above the final
 * block: left for a later read. The ledger counts only sends marked final.
 */
export async function settleRecordedSends(
  deps: RecordedFinalityDeps,
  wallet: string,
  now: Date,
): Promise<void> {
  const pending = await deps.db
    .selectFrom('wallet_transactions as w')
    .leftJoin('transaction_fees as f', (join) =>
      join.onRef('f.tx_hash', '=', 'w.tx_hash').onRef('f.chain_id', '=', 'w.chain_id'),
    )
    .where('w.chain_id', '=', deps.chainId)
    .where('w.wallet_address', '=', wallet)
    .where((eb) => eb.or([eb('f.id', 'is', null), eb('f.final_block', 'is', null)]))
    .select('w.tx_hash')
    .execute();
  if (pending.length === 0) return;
  const final = await finalStamp(deps.chain, deps.finality);
  for (const { tx_hash: hash } of pending) {
    const key = { chainId: deps.chainId, txHash: hash, now };
    const receipt = await receiptIfMined(deps.chain, hash as Hex);
    if (!receipt) {
      await deps.db
        .deleteFrom('transaction_fees')
        .where('chain_id', '=', deps.chainId)
        .where('tx_hash', '=', hash.toLowerCase())
        .execute();
      continue;
    }
    if (receipt.blockNumber > final.number) continue;
    if ((await blockHashAt(deps.chain, receipt.blockNumber)) !== receipt.blockHash) continue;
    const fee = await knownFee(deps, receipt);
    await upsertTransactionFee(deps.db, key, { ...fee, attempts: 1, final_block: Number(final.number) });
  }
}
