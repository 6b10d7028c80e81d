import type { Hash, PublicClient } from 'viem';
import { getRevertReason } from './revert-reason.ts';

/**
 * Why a mined transaction reverted: the same call replayed from the same sender at its block (a receipt
 * carries no reason). null when the replay does not revert (the state that made it fail has changed).
 */
export async function explainFailure(
  client: PublicClient,
  hash: Hash,
  blockNumber: bigint,
): Promise<string | null> {
  const transaction = await client.getTransaction({ hash });
  if (!transaction.to) return null;
  try {
    await client.call({
      account: transaction.from,
      to: transaction.to,
      data: transaction.input,
      blockNumber,
    });
    return null;
  } catch (error) {
    return getRevertReason(error);
  }
}
