import type { Address, PublicClient } from 'viem';
import { getRevertReason } from './revert-reason.ts';
import type { CallDisplay, Review } from './transaction-state.ts';
import type { PreparedCall, PrepareTools, TransactionRequest } from './types.ts';

/**
 * What the confirmation shows for `call`: the request's names, or those of the call it was built as instead;
 * what arrives as the call read it from the chain, when it did.
 */
export function describeCall(request: TransactionRequest, call: PreparedCall | null): CallDisplay {
  const named = call?.instead ?? request;
  return {
    stepKind: named.stepKind,
    contractLabel: named.contractLabel,
    functionSignature: named.functionSignature,
    receives: call?.instead ? call.instead.receives : (call?.receives ?? request.receives),
    address: call?.address ?? null,
  };
}

export type ReviewResult = { kind: 'reviewed'; review: Review } | { kind: 'reverts'; reason: string };

/**
 * Builds the request's call from fresh reads, then simulates it from the account at the latest block
 * (eth_call) and estimates its gas at the current gas price. A revert in either is the contract's answer
 * (nothing may be sent); any other failure (the network, the wallet, a rejected permit) is thrown.
 */
export async function reviewCall(
  request: TransactionRequest,
  tools: PrepareTools & { client: PublicClient; account: Address },
): Promise<ReviewResult> {
  const call = await request.prepare(tools);
  const { client, account } = tools;
  const target = {
    account,
    address: call.address,
    abi: call.abi,
    functionName: call.functionName,
    args: call.args,
  };
  try {
    await client.simulateContract({ ...target, blockTag: 'latest' });
    const [gasUnits, gasPriceWei] = await Promise.all([
      client.estimateContractGas(target),
      client.getGasPrice(),
    ]);
    return {
      kind: 'reviewed',
      review: { call, display: describeCall(request, call), gasUnits, gasPriceWei },
    };
  } catch (error) {
    const reason = getRevertReason(error);
    if (reason !== null) return { kind: 'reverts', reason };
    throw error;
  }
}
