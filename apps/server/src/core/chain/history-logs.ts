import { type Address, type Hex, toHex } from 'viem';
import type { ChainClient } from './client.ts';
import { type LogGap, walkLogRanges } from './farm-logs.ts';

/** One eth_getLogs filter without its block range: contracts and topics (null = any; an array = any of). */
export type LogFilter = { address: Address[]; topics: (Hex | Hex[] | null)[] };

/** A log as the node answers it. */
export type RawLog = {
  address: Address;
  data: Hex;
  topics: [Hex, ...Hex[]];
  blockNumber: Hex;
  transactionHash: Hex;
  logIndex: Hex;
};

/**
 * Reads the logs of `filters` between two blocks, in the farm scanner's ranges (walkLogRanges: halved when
 * refused, a block refused alone a gap, any other failure CHAIN_UNAVAILABLE), every filter over the same range.
 */
export async function scanLogs(
  chain: ChainClient,
  options: { filters: LogFilter[]; fromBlock: bigint; toBlock: bigint; maxRange: bigint },
): Promise<{ logs: RawLog[]; gaps: LogGap[] }> {
  const logs: RawLog[] = [];
  const gaps = await walkLogRanges(options, async (from, to) => {
    // Every filter over the same range before any is kept, so a range is read whole or not at all.
    const found: RawLog[] = [];
    for (const filter of options.filters) {
      found.push(
        ...((await chain.request('eth_getLogs', [
          { ...filter, fromBlock: toHex(from), toBlock: toHex(to) },
        ])) as RawLog[]),
      );
    }
    logs.push(...found);
  });
  // In chain order: the returns replay deposits, withdrawals and collects in the order they happened.
  logs.sort((a, b) =>
    a.blockNumber === b.blockNumber
      ? Number(BigInt(a.logIndex) - BigInt(b.logIndex))
      : Number(BigInt(a.blockNumber) - BigInt(b.blockNumber)),
  );
  return { logs, gaps };
}
