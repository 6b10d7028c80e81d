import { formatEther, getAddress, type Hex, type RpcTransactionReceipt } from 'viem';
import type { ChainClient } from '../chain/client.ts';
import { retryDelayMs } from '../jobs/backoff.ts';
import { type PolPriceDeps, readPolUsd } from '../snapshots/index.ts';
import { loadTransactionFees, type TransactionFeeValues, upsertTransactionFee } from './fees-repository.ts';
import type { ReceiptLog } from './send-movements.ts';

/** What the fees stage needs: POL's price by the one price rule (database, chain id, sources, WMATIC). */
export type GasPricing = Omit<PolPriceDeps, 'db'>;

/** Receipt reads of one transaction before it stays 'unknown' for good. */
const maxReceiptAttempts = 5;
const dayMs = 86_400_000;

/** A mined transaction's receipt, as the fees stage and the recovery record both store it. */
export type ReadReceipt = {
  from: Hex;
  blockNumber: bigint;
  blockHash: Hex;
  gasUsed: bigint;
  effectiveGasPrice: bigint;
};

/** A receipt with its outcome and logs: what a recorded send did is read from them (send-movements.ts). */
type ReceiptWithLogs = ReadReceipt & {
  status: 'success' | 'reverted';
  logs: ReceiptLog[];
  /** The L1 data fee an OP-stack chain's receipt adds (Base), paid by its sender too; 0 elsewhere. */
  l1Fee: bigint;
};

/**
 * The fees stage of the history jobs (issue 35): for each of `hashes` (an event's transaction; the opening
 * balance's '0x' is skipped) without a known gas row, reads its receipt once and stores the gas it paid
 * (gas_used × effective_gas_price, exact) and its USD at that block by the one price rule; a receipt the RPC
 * cannot return is stored 'unknown' with the error and tried again after a back-off, at most
 * `maxReceiptAttempts` times. Each receipt read spends one unit of `budget`; false when it ran out first.
 */
export async function recordTransactionFees(
  deps: PolPriceDeps & { chain: ChainClient },
  hashes: string[],
  options: { now: Date; budget: { left: number } },
): Promise<boolean> {
  const wanted = [...new Set(hashes.map((hash) => hash.toLowerCase()))].filter((hash) => hash !== '0x');
  const stored = await loadTransactionFees(deps.db, deps.chainId, wanted);
  const now = options.now.toISOString();
  const due = wanted.filter((hash) => {
    const row = stored.get(hash);
    if (!row) return true;
    return row.status === 'unknown' && row.next_attempt_at !== null && row.next_attempt_at <= now;
  });
  for (const hash of due) {
    if (options.budget.left <= 0) return false;
    options.budget.left -= 1;
    const attempts = (stored.get(hash)?.attempts ?? 0) + 1;
    const values = await readTransactionFee(deps, hash as Hex, attempts, options.now);
    await upsertTransactionFee(deps.db, { chainId: deps.chainId, txHash: hash, now: options.now }, values);
  }
  return true;
}

/** One transaction's gas row: known from its receipt, or unknown with the error and when to try again. */
async function readTransactionFee(
  deps: PolPriceDeps & { chain: ChainClient },
  hash: Hex,
  attempts: number,
  now: Date,
): Promise<TransactionFeeValues> {
  let receipt: ReadReceipt;
  try {
    receipt = await readReceipt(deps.chain, hash);
  } catch (error) {
    return unknownFee(error, attempts, now);
  }
  return { ...(await knownFee(deps, receipt)), attempts };
}

/** The receipt of a mined transaction; throws when the node cannot return it (or does not know it). */
async function readReceipt(chain: ChainClient, hash: Hex): Promise<ReadReceipt> {
  const receipt = await receiptIfMined(chain, hash);
  if (!receipt) throw new Error(`the node has no receipt for ${hash}`);
  return receipt;
}

/**
 * The receipt of a transaction in the chain's blocks now, with its outcome and logs; null when it has none
 * (unmined, or reorganised away).
 */
export async function receiptIfMined(chain: ChainClient, hash: Hex): Promise<ReceiptWithLogs | null> {
  const raw = (await chain.request('eth_getTransactionReceipt', [hash])) as RpcTransactionReceipt | null;
  if (!raw) return null;
  return {
    from: raw.from,
    blockNumber: BigInt(raw.blockNumber),
    blockHash: raw.blockHash,
    gasUsed: BigInt(raw.gasUsed),
    effectiveGasPrice: BigInt(raw.effectiveGasPrice),
    l1Fee: BigInt((raw as { l1Fee?: Hex | null }).l1Fee ?? 0),
    status: raw.status === '0x1' ? 'success' : 'reverted',
    logs: raw.logs.map((log) => ({
      address: getAddress(log.address),
      topics: log.topics,
      data: log.data,
      logIndex: Number(log.logIndex),
    })),
  };
}

/**
 * A known gas row from a receipt: the fee in wei (exact), its block's time, and POL's USD price at that block
 * (null with price_error when unknown, never 0). Throws only when the block's time cannot be read.
 */
export async function knownFee(
  deps: PolPriceDeps & { chain: ChainClient },
  receipt: ReadReceipt,
): Promise<Omit<TransactionFeeValues, 'attempts'>> {
  const feeWei = receipt.gasUsed * receipt.effectiveGasPrice;
  const block = await deps.chain.publicClient.getBlock({ blockNumber: receipt.blockNumber });
  const price = await polUsdAt(deps, receipt.blockNumber);
  return {
    from_address: getAddress(receipt.from),
    block_number: Number(receipt.blockNumber),
    block_time: new Date(Number(block.timestamp) * 1000).toISOString(),
    block_hash: receipt.blockHash,
    status: 'known',
    gas_used: receipt.gasUsed.toString(),
    effective_gas_price: receipt.effectiveGasPrice.toString(),
    fee_wei: feeWei.toString(),
    pol_usd: price.usd,
    fee_usd: price.usd === null ? null : Number(formatEther(feeWei)) * price.usd,
    price_error: price.error,
    error: null,
    next_attempt_at: null,
  };
}

/** POL's price at a block, or why it is unknown (no route prices it, or the node lacks that block's state). */
async function polUsdAt(
  deps: PolPriceDeps & { chain: ChainClient },
  block: bigint,
): Promise<{ usd: number | null; error: string | null }> {
  try {
    const { usd } = await readPolUsd(deps, deps.chain, block);
    return usd === null
      ? { usd, error: `no price route for POL (WMATIC) at block ${block}` }
      : { usd, error: null };
  } catch (error) {
    return { usd: null, error: oneLine(error) };
  }
}

/** An unknown gas row: the error, and a back-off doubling per attempt (none after the last attempt). */
function unknownFee(error: unknown, attempts: number, now: Date): TransactionFeeValues {
  const isLast = attempts >= maxReceiptAttempts;
  return {
    from_address: null,
    block_number: null,
    block_time: null,
    block_hash: null,
    status: 'unknown',
    gas_used: null,
    effective_gas_price: null,
    fee_wei: null,
    pol_usd: null,
    fee_usd: null,
    price_error: null,
    error: oneLine(error),
    attempts,
    next_attempt_at: isLast
      ? null
      : new Date(now.getTime() + retryDelayMs(attempts, { firstMs: 60_000, maxMs: dayMs })).toISOString(),
  };
}

function oneLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0]!.slice(0, 300);
}
