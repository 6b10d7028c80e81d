import {
  type AbiParameter,
  type DecodeAbiParametersReturnType,
  decodeAbiParameters,
  type Hex,
  RpcRequestError,
  toFunctionSelector,
  toHex,
} from 'viem';
import type { ChainClient } from './client.ts';
import { ReadFailedError } from './errors.ts';
import { describeNodeError } from './multicall.ts';

/** The custom error a lens answering by revert carries its answer in: `error Answer(bytes answer)`. */
const answerSelector = toFunctionSelector('Answer(bytes)');

/** The answer a lens reverted with (`revert Answer(…)`), or null when the revert is a failure of its own. */
function answerOfRevert(error: RpcRequestError): Hex | null {
  const data = (error as { data?: unknown }).data;
  if (typeof data !== 'string' || !data.startsWith(answerSelector)) return null;
  return decodeAbiParameters([{ type: 'bytes' }], `0x${data.slice(10)}`)[0];
}

/**
 * Runs a never-deployed lens: its creation code with its constructor arguments (`data`, from encodeDeployData) in
 * one eth_call with no `to`, whose constructor returns its answer in place of runtime code, or (a lens whose answer
 * may pass the 24,576 bytes EIP-170 allows a contract's code) reverts with `Answer(bytes)`; decodes the answer as
 * `answer` says. Any other revert, or an answer that does not decode, throws ReadFailedError naming `label`. The V3
 * tool's wallet positions, the vaults tool's holdings and a wallet's holdings on each chain are read this way: many
 * dependent or repeated reads in ONE request, the addresses in the calldata once.
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
    // The node's own verdict (a revert: a contract the lens calls is not there, or not of that shape), unless the
    // revert is the lens's answer.
    if (error instanceof RpcRequestError) {
      const answer = answerOfRevert(error);
      if (answer === null)
        throw new ReadFailedError([{ label: lens.label, reason: describeNodeError(error) }]);
      raw = answer;
    } else {
      throw error;
    }
  }
  try {
    return decodeAbiParameters(lens.answer, raw);
  } catch {
    throw new ReadFailedError([
      { label: lens.label, reason: 'returned data that does not decode as expected' },
    ]);
  }
}
