import {
  type Abi,
  type Address,
  decodeFunctionResult,
  encodeFunctionData,
  type Hex,
  RpcRequestError,
  toHex,
} from 'viem';
import type { ChainClient } from '../../../core/chain/client.ts';

/** One call a contract would answer `from` its caller (collect, collectRewards): nothing is sent. */
export type OwnerCall = { abi: Abi; functionName: string; args: readonly unknown[] };

/**
 * What calls would return if `from` sent them to `to` at `block`, without sending anything: the position
 * manager and the FarmingCenter pay fees and rewards only to an owner or an approved address, which
 * Multicall3 is not, so these are eth_calls from the owner. All of one owner's calls go in one eth_call to the
 * contract's own `multicall` (a delegatecall each: the caller stays the owner); when that reverts, each call
 * is tried alone so one failing position does not blank the others. Calls of several owners issued together
 * travel in one HTTP request (the transport batches them). Null where a call failed; transport failures throw.
 * @example const [fees] = await callFromOwner(chain, owner, positionManager, [collectCall], block);
 */
export async function callFromOwner(
  chain: ChainClient,
  from: Address,
  to: Address,
  calls: readonly OwnerCall[],
  block: bigint,
): Promise<(readonly unknown[] | null)[]> {
  if (calls.length === 0) return [];
  const encoded = calls.map((call) => encodeFunctionData(call as never) as Hex);
  const tag = toHex(block);
  const decode = (call: OwnerCall, data: Hex) =>
    decodeFunctionResult({
      abi: call.abi,
      functionName: call.functionName,
      data,
    } as never) as readonly unknown[];
  const multicall = encodeFunctionData({
    abi: multicallAbi,
    functionName: 'multicall',
    args: [encoded],
  });
  try {
    const raw = (await chain.request('eth_call', [{ from, to, data: multicall }, tag])) as Hex;
    const results = decodeFunctionResult({ abi: multicallAbi, functionName: 'multicall', data: raw });
    return calls.map((call, i) => decodeOrNull(() => decode(call, results[i]!)));
  } catch (error) {
    if (!(error instanceof RpcRequestError)) throw error;
  }
  return Promise.all(
    calls.map(async (call, i) => {
      try {
        const raw = (await chain.request('eth_call', [{ from, to, data: encoded[i] }, tag])) as Hex;
        return decodeOrNull(() => decode(call, raw));
      } catch (error) {
        if (error instanceof RpcRequestError) return null;
        throw error;
      }
    }),
  );
}

function decodeOrNull(decode: () => readonly unknown[]): readonly unknown[] | null {
  try {
    return decode();
  } catch {
    return null;
  }
}

const multicallAbi = [
  {
    type: 'function',
    name: 'multicall',
    stateMutability: 'payable',
    inputs: [{ name: 'data', type: 'bytes[]' }],
    outputs: [{ name: 'results', type: 'bytes[]' }],
  },
] as const;
