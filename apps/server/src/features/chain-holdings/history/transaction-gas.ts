import { type Address, formatEther, getAddress, type Hex } from 'viem';
import { receiptIfMined } from '../../../core/books/fees.ts';
import type { TransactionFeeValues } from '../../../core/books/fees-repository.ts';
import type { ChainClient } from '../../../core/chain/client.ts';
import { ReadPlan } from '../../../core/chain/read-plan.ts';
import type { PlanChainPrices } from '../../../core/prices/plan-chain-prices.ts';

/** A transaction's gas row for transaction_fees, under the chain's id. */
export type ChainTransactionFee = { txHash: string; values: TransactionFeeValues };

/**
 * The gas each transaction of `hashes` paid (the opening balance's '0x' skipped), as Polygon's fees stage stores it
 * (core/books/fees.ts): gas used × effective gas price, plus an OP-stack chain's L1 data fee, exact in wei, and its
 * USD by the chain's price rule for its wrapped native token at the transaction's block (`pol_usd` holds the native
 * token's price on every chain; null with the reason when unknown, never 0). The ledger counts a fee as the wallet's
 * only when it sent the transaction. A receipt the node cannot give fails the round (retried with it).
 */
export async function readTransactionFees(
  deps: { chain: ChainClient; planPrices: PlanChainPrices; wrappedNative: Address; nativeSymbol: string },
  hashes: string[],
): Promise<ChainTransactionFee[]> {
  const fees: ChainTransactionFee[] = [];
  for (const hash of [...new Set(hashes.map((h) => h.toLowerCase()))].filter((h) => h !== '0x')) {
    const receipt = await receiptIfMined(deps.chain, hash as Hex);
    if (!receipt) throw new Error(`the node has no receipt for ${hash}`);
    const { gasUsed, effectiveGasPrice: price, blockNumber: block } = receipt;
    const feeWei = gasUsed * price + receipt.l1Fee;
    const plan = new ReadPlan();
    const stamp = plan.addBlock(deps.chain.multicall3Address);
    const pricesOf = deps.planPrices(plan, [deps.wrappedNative]);
    await plan.run(deps.chain, block);
    const usd = (await pricesOf()).get(deps.wrappedNative.toLowerCase())?.usd ?? null;
    fees.push({
      txHash: hash,
      values: {
        from_address: getAddress(receipt.from),
        block_number: Number(block),
        block_time: new Date(Number(stamp.timestamp) * 1000).toISOString(),
        block_hash: receipt.blockHash,
        status: 'known',
        gas_used: gasUsed.toString(),
        effective_gas_price: price.toString(),
        fee_wei: feeWei.toString(),
        pol_usd: usd,
        fee_usd: usd === null ? null : Number(formatEther(feeWei)) * usd,
        price_error: usd === null ? `no price route for ${deps.nativeSymbol} at block ${block}` : null,
        error: null,
        next_attempt_at: null,
        attempts: 1,
      },
    });
  }
  return fees;
}
