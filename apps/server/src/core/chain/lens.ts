import {
  type AbiParameter,
  type DecodeAbiParametersReturnType,
  decodeAbiParameters,
  type Hex,
  RpcRequestError,
  toHex,
} from 'viem';
import type { ChainClient } from './client.ts';
import { ReadFailedError } from './errors.ts';
import { describeNodeError } from './multicall.ts';

/**
 * Runs a never-deployed lens: its creation code with its constructor arguments (`data`, from encodeDeployData) in
 * one eth_call with no `to`, whose constructor returns its answer in place of runtime code; decodes the answer as
 * `answer` says. A revert, or an answer that does not decode, throws ReadFailedError naming `label`. The V3 tool's
 * wallet positions and the vaults tool's holdings are read this way: many dependent or repeated reads in ONE
 * request, the addresses in the calldata once.
 */
export async function runLens<const Answer extends readonly AbiParameter[]>(
  chain: ChainClient,
  lens: { data: Hex; answer: Answer; label: string },
  at: bigint | 'latest' = 'latest',
): Promise<DecodeAbiParametersReturnType<Answer>> {
  let raw: Hex;
  try {
    raw = (await chain.request('eth_call', [
      { data: lens.data },
      at === 'latest' ? 'latest' : toHex(at),
    ])) as Hex;
  } catch (error) {
    // The node's own verdict (a revert: a contract the lens calls is not there, or not of that shape).
    if (error instanceof RpcRequestError) {
      throw new ReadFailedError([{ label: lens.label, reason: describeNodeError(error) }]);
    }
    throw error;
  }
  try {
    return decodeAbiParameters(lens.answer, raw);
  } catch {
    throw new ReadFailedError([
      { label: lens.label, reason: 'returned data that does not decode as expected' },
    ]);
  }
}
