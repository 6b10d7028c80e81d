import type { Address, PublicClient } from 'viem';
import { describeCall } from '../review-call.ts';
import type { CallDisplay } from '../transaction-state.ts';
import type { PreparedCall, PrepareTools, TransactionRequest } from '../types.ts';
import {
  createSimulatingClient,
  type SimulatedCall,
  simulateInOrder,
  toSimulatedCall,
} from './simulating-client.ts';

/** A batch simulated as a whole: each step's call and what the confirmation shows of it, the gas of all. */
export type BatchReview = {
  calls: PreparedCall[];
  displays: CallDisplay[];
  gasUnits: bigint;
  gasPriceWei: bigint;
};

export type BatchReviewResult =
  | { kind: 'reviewed'; review: BatchReview }
  | { kind: 'reverts'; index: number; reason: string };

/**
 * Builds each step's call in order, each from reads that see the steps before it done (createSimulatingClient),
 * then simulates them all in one block from the account at the latest state (eth_simulateV1): a step that reverts
 * there is the contracts' answer and nothing may be sent. Any other failure (the network, the wallet) is thrown.
 */
export async function reviewBatch(
  requests: readonly TransactionRequest[],
  tools: PrepareTools & { client: PublicClient; account: Address },
): Promise<BatchReviewResult> {
  const prior: SimulatedCall[] = [];
  const calls: PreparedCall[] = [];
  for (const request of requests) {
    const call = await request.prepare({ ...tools, client: createSimulatingClient(tools.client, prior) });
    calls.push(call);
    prior.push(toSimulatedCall(tools.account, call));
  }
  const results = await simulateInOrder(tools.client, prior);
  const failed = results.findIndex((result) => result.status !== '0x1');
  if (failed >= 0 || results.length !== calls.length) {
    const index = Math.max(0, failed);
    return {
      kind: 'reverts',
      index,
      reason: results[index]?.error?.message ?? 'the simulation did not run every step',
    };
  }
  const gasUnits = results.reduce((sum, result) => sum + BigInt(result.gasUsed), 0n);
  return {
    kind: 'reviewed',
    review: {
      calls,
      displays: requests.map((request, i) => describeCall(request, calls[i] ?? null)),
      gasUnits,
      gasPriceWei: await tools.client.getGasPrice(),
    },
  };
}
