import { withGasMargin } from '@tidewatch/shared/recovery-calls';
import type { Address, Hash, WalletClient } from 'viem';
import { polygon } from 'viem/chains';
import { baseWalletChain } from '../../lib/wallet/base-chain.ts';
import type { Review } from './transaction-state.ts';

/**
 * Asks the wallet to send the reviewed call (its one prompt) and returns the hash, with the review's gas estimate
 * + 20 % as its limit (withGasMargin). `chain` makes viem check the wallet is still on the request's chain
 * (Polygon, or Base for its actions) right before it asks: a network switched after the review sends nothing.
 */
export function sendReviewedCall(
  walletClient: WalletClient,
  account: Address,
  review: Review,
  chainId: number = polygon.id,
): Promise<Hash> {
  const { call } = review;
  return walletClient.writeContract({
    account,
    chain: chainId === baseWalletChain.id ? baseWalletChain : polygon,
    address: call.address,
    abi: call.abi,
    functionName: call.functionName,
    args: call.args,
    gas: withGasMargin(review.gasUnits),
  });
}
