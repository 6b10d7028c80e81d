import { multicall3 } from '@tidewatch/contracts';
import {
  type Abi,
  type Address,
  decodeErrorResult,
  decodeFunctionResult,
  encodeFunctionData,
  type Hex,
  RpcRequestError,
  size,
} from 'viem';
import type { ChainClient } from './client.ts';
import { ChainUnavailableError, ReadFailedError } from './errors.ts';

export type ReadCall = {
  /** Names the read in errors, e.g. `farm 0xAbc…: rewardRate()`. */
  label: string;
  address: Address;
  abi: Abi;
  functionName: string;
  args?: readonly unknown[];
  /** Decodes the raw return data instead of the ABI (used for string-or-bytes32 symbols). */
  decode?: (data: Hex) => unknown;
};

export type ReadOutcome = { isOk: true; value: unknown } | { isOk: false; label: string; reason: string };

/** Default calldata budget per aggregate3 call; far above one refresh of a few farms, below node limits. */
const defaultMaxCalldataBytes = 120_000;
const perCallOverheadBytes = 160;

function describeRevert(data: Hex): string {
  if (data === '0x') return 'reverted without a reason';
  try {
    const decoded = decodeErrorResult({ data });
    return `reverted: ${decoded.args?.map(String).join(', ') ?? decoded.errorName}`;
  } catch {
    return `reverted (${data.slice(0, 10)})`;
  }
}

function decodeOne(call: ReadCall, success: boolean, returnData: Hex): ReadOutcome {
  if (!success) return { isOk: false, label: call.label, reason: describeRevert(returnData) };
  if (returnData === '0x') {
    return {
      isOk: false,
      label: call.label,
      reason: 'returned no data (no contract, or not this kind of contract)',
    };
  }
  try {
    const value = call.decode
      ? call.decode(returnData)
      : decodeFunctionResult({ abi: call.abi, functionName: call.functionName, data: returnData } as never);
    return { isOk: true, value };
  } catch {
    return { isOk: false, label: call.label, reason: 'returned data that does not decode as expected' };
  }
}

/**
 * What the node said when a whole call failed. Running out of gas gets its own words: a Solidity 0.5 read
 * past an array's end burns all the gas of the batch it is in.
 */
export function describeNodeError(error: RpcRequestError): string {
  const said = error.details || error.shortMessage;
  return /gas|InvalidFE|invalid opcode/i.test(said) ? `ran out of gas (${said})` : said;
}

/** Whether the node's error answer is the EVM's own verdict on the call (out of gas, invalid opcode, revert). */
export const isExecutionFailure = (error: RpcRequestError) =>
  /gas|invalid ?(fe)?opcode|InvalidFE|revert|execution/i.test(`${error.details} ${error.shortMessage}`);

/** Splits calls so each aggregate3 stays under the calldata budget. */
function chunkBySize(encoded: Hex[], maxBytes: number): number[][] {
  const chunks: number[][] = [];
  let current: number[] = [];
  let bytes = 0;
  encoded.forEach((data, i) => {
    const callBytes = size(data) + perCallOverheadBytes;
    if (current.length > 0 && bytes + callBytes > maxBytes) {
      chunks.push(current);
      current = [];
      bytes = 0;
    }
    current.push(i);
    bytes += callBytes;
  });
  if (current.length > 0) chunks.push(current);
  return chunks;
}

/** One aggregate3 eth_call of `indexes` of `calls`, at `blockTag`; outcomes in the same order. */
async function runChunk(
  chain: ChainClient,
  calls: ReadCall[],
  encoded: Hex[],
  indexes: number[],
  blockTag: string,
): Promise<ReadOutcome[]> {
  const data = encodeFunctionData({
    abi: multicall3.abi,
    functionName: 'aggregate3',
    args: [indexes.map((i) => ({ target: calls[i]!.address, allowFailure: true, callData: encoded[i]! }))],
  });
  let raw: unknown;
  try {
    raw = await chain.request('eth_call', [{ to: chain.multicall3Address, data }, blockTag]);
  } catch (error) {
    if (error instanceof RpcRequestError) {
      throw new ReadFailedError([
        { label: `aggregate3 of ${indexes.length} reads`, reason: describeNodeError(error) },
      ]);
    }
    throw error;
  }
  try {
    const results = decodeFunctionResult({
      abi: multicall3.abi,
      functionName: 'aggregate3',
      data: raw as Hex,
    });
    if (results.length !== indexes.length) throw new Error('result count differs from call count');
    return indexes.map((callIndex, k) =>
      decodeOne(calls[callIndex]!, results[k]!.success, results[k]!.returnData),
    );
  } catch (error) {
    throw new ChainUnavailableError(
      'The blockchain node answered the batched read with data that is not an aggregate3 result (is MULTICALL3_ADDRESS right?).',
      { cause: error },
    );
  }
}

const toBlockTag = (block: bigint) => `0x${block.toString(16)}`;

/**
 * Runs reads through Multicall3 `aggregate3` (each call allowed to fail, so a failure can be named),
 * all at one block. Up to the calldata budget (the batch size the RPC accepts: `MULTICALL_BATCH_BYTES`)
 * that is one eth_call. Past it, the calls are split: at a given block the chunks travel together in one
 * HTTP request; at 'latest' the first chunk also reads the block number and the others are pinned to it,
 * so every value still comes from one block (two HTTP requests). Returns one outcome per call, in order.
 * @example const [outcome] = await executeReads(chain, [{ label: 'decimals', address, abi, functionName: 'decimals' }], { block: 123n });
 */
export async function executeReads(
  chain: ChainClient,
  calls: ReadCall[],
  options: { block: bigint | 'latest'; maxCalldataBytes?: number },
): Promise<ReadOutcome[]> {
  if (calls.length === 0) return [];
  const encoded = calls.map(
    (call) =>
      encodeFunctionData({ abi: call.abi, functionName: call.functionName, args: call.args } as never) as Hex,
  );
  const budget = options.maxCalldataBytes ?? chain.maxCalldataBytes ?? defaultMaxCalldataBytes;
  const chunks = chunkBySize(encoded, budget);
  if (options.block !== 'latest' || chunks.length === 1) {
    const blockTag = options.block === 'latest' ? 'latest' : toBlockTag(options.block);
    const answers = await Promise.all(
      chunks.map((indexes) => runChunk(chain, calls, encoded, indexes, blockTag)),
    );
    return answers.flat();
  }
  // Several chunks at 'latest': the first one learns its block, the rest are read at that block.
  const blockCall: ReadCall = {
    label: 'Multicall3: getBlockNumber()',
    address: chain.multicall3Address,
    abi: multicall3.abi,
    functionName: 'getBlockNumber',
  };
  const withBlock = [...calls, blockCall];
  const withBlockEncoded = [
    ...encoded,
    encodeFunctionData({ abi: multicall3.abi, functionName: 'getBlockNumber' }),
  ];
  const [first, ...rest] = chunks;
  const firstOutcomes = await runChunk(
    chain,
    withBlock,
    withBlockEncoded,
    [...first!, calls.length],
    'latest',
  );
  const blockOutcome = firstOutcomes.pop()!;
  if (!blockOutcome.isOk)
    throw new ReadFailedError([{ label: blockOutcome.label, reason: blockOutcome.reason }]);
  const pinned = toBlockTag(blockOutcome.value as bigint);
  const others = await Promise.all(rest.map((indexes) => runChunk(chain, calls, encoded, indexes, pinned)));
  return [...firstOutcomes, ...others.flat()];
}

/** Unwraps outcomes, throwing one ReadFailedError naming every failed required read (no partial results). */
export function requireAll(outcomes: ReadOutcome[], block?: bigint): unknown[] {
  const failures = outcomes.flatMap((o) => (o.isOk ? [] : [{ label: o.label, reason: o.reason }]));
  if (failures.length > 0) throw new ReadFailedError(failures, { blockNumber: block });
  return outcomes.map((o) => (o.isOk ? o.value : undefined));
}
