import { type Hash, type PublicClient, TransactionNotFoundError } from 'viem';
import type { PendingTransaction } from './pending-store.ts';
import { transactionEnvironment } from './transaction-environment.ts';
import type { MinedTransaction, Replacement } from './transaction-state.ts';

export type WaitCallbacks = {
  /** The sender's nonce, read from the transaction once the node has it (kept with the hash). */
  onNonce(nonce: number): void;
  /** The wait failed for now (RPC down, a timeout); it goes on after a pause. null once it works again. */
  onProblem(message: string | null): void;
};

export type MinedResult = { mined: MinedTransaction; replacement: Replacement | null };

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
  });

async function readNonce(client: PublicClient, hash: Hash): Promise<number | null> {
  try {
    return (await client.getTransaction({ hash })).nonce;
  } catch (error) {
    if (error instanceof TransactionNotFoundError) return null;
    throw error;
  }
}

/**
 * Waits until the transaction, or one the wallet replaced it with (same sender and nonce: sped up, changed
 * or cancelled in MetaMask), has a receipt. A failing network does not end the wait: it says so and tries
 * again, since the transaction may still be mined; only `signal` stops it.
 */
export async function waitForMined(
  client: PublicClient,
  pending: PendingTransaction,
  callbacks: WaitCallbacks,
  signal: AbortSignal,
): Promise<MinedResult | null> {
  let nonce = pending.nonce;
  while (!signal.aborted) {
    try {
      if (nonce === null) {
        nonce = await readNonce(client, pending.hash);
        if (nonce !== null) callbacks.onNonce(nonce);
      }
      let replacement: Replacement | null = null;
      const receipt = await client.waitForTransactionReceipt({
        hash: pending.hash,
        pollingInterval: transactionEnvironment.pollingIntervalMs,
        // No overall limit: the person watches the hash; a dropped wait would only start again.
        timeout: 0,
        signal,
        replacement: nonce === null ? undefined : { from: pending.from, nonce },
        onReplaced: (replaced) => {
          replacement = { reason: replaced.reason, hash: replaced.transaction.hash };
        },
      });
      callbacks.onProblem(null);
      return {
        mined: {
          hash: receipt.transactionHash,
          status: receipt.status,
          blockNumber: receipt.blockNumber,
          gasUsed: receipt.gasUsed,
          to: receipt.to,
        },
        replacement,
      };
    } catch (error) {
      if (signal.aborted) break;
      callbacks.onProblem(
        `could not reach the network to follow this transaction, trying again: ${(error as Error).message.split('\n')[0]}`,
      );
      await sleep(transactionEnvironment.retryAfterProblemMs, signal);
    }
  }
  return null;
}
