import { type Address, type Hex, toHex } from 'viem';
import type { ChainClient } from '../../../core/chain/client.ts';
import { type LogGap, logRangeRefusal } from '../../../core/chain/farm-logs.ts';

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
 * Reads the logs of `filters` between two blocks, in ranges of at most `maxRange` blocks (every filter over
 * the same range, so a range is read whole or not at all). A range the node refuses as too large is halved
 * and retried, down to one block; a block refused even alone is a gap in the answer, never guessed. Any
 * other failure throws CHAIN_UNAVAILABLE. The farm scanner's rules (decision 013), for any filters.
 */
export async function scanLogs(
  chain: ChainClient,
  options: { filters: LogFilter[]; fromBlock: bigint; toBlock: bigint; maxRange: bigint },
): Promise<{ logs: RawLog[]; gaps: LogGap[] }> {
  const logs: RawLog[] = [];
  const gaps: LogGap[] = [];
  let range = options.maxRange > 0n ? options.maxRange : 1n;
  for (let from = options.fromBlock; from <= options.toBlock; ) {
    const to = from + range - 1n < options.toBlock ? from + range - 1n : options.toBlock;
    try {
      const found: RawLog[] = [];
      for (const filter of options.filters) {
        found.push(
          ...((await chain.request('eth_getLogs', [
            { ...filter, fromBlock: toHex(from), toBlock: toHex(to) },
          ])) as RawLog[]),
        );
      }
      logs.push(...found);
      from = to + 1n;
    } catch (error) {
      const reason = logRangeRefusal(error);
      if (to > from) {
        range = (to - from + 1n) / 2n;
        continue;
      }
      gaps.push({ fromBlock: from, toBlock: to, reason });
      from = to + 1n;
    }
  }
  // In chain order: the returns replay deposits, withdrawals and collects in the order they happened.
  logs.sort((a, b) =>
    a.blockNumber === b.blockNumber
      ? Number(BigInt(a.logIndex) - BigInt(b.logIndex))
      : Number(BigInt(a.blockNumber) - BigInt(b.blockNumber)),
  );
  return { logs, gaps };
}
