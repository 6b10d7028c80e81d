import type { ChainClient } from './client.ts';

export type BlockStamp = { number: bigint; timestamp: bigint };

async function stampOf(chain: ChainClient, number: bigint | 'latest'): Promise<BlockStamp> {
  const block = await chain.publicClient.getBlock(
    number === 'latest' ? { blockTag: 'latest' } : { blockNumber: number },
  );
  return { number: block.number, timestamp: block.timestamp };
}

/**
 * The last block whose timestamp is at or before `timestamp` (seconds), between `low` (at or before it)
 * and `high` (after it, or the head). Interpolation search: blocks come at a near-steady pace, so a guess
 * from the time lands close and a few block headers settle it; a bisection step every other round bounds
 * the worst case (irregular block times) to about 2 x log2(range) headers.
 */
export async function findBlockAtTime(
  chain: ChainClient,
  timestamp: bigint,
  bounds: { low: BlockStamp; high: BlockStamp },
): Promise<BlockStamp> {
  let { low, high } = bounds;
  if (high.timestamp <= timestamp) return high;
  if (low.timestamp > timestamp) return low;
  for (let round = 0; high.number - low.number > 1n; round++) {
    const span = high.number - low.number;
    const interpolated =
      low.number + ((timestamp - low.timestamp) * span) / (high.timestamp - low.timestamp || 1n);
    const guess = round % 2 === 0 ? interpolated : low.number + span / 2n;
    const probe = await stampOf(chain, clamp(guess, low.number + 1n, high.number - 1n));
    if (probe.timestamp <= timestamp) low = probe;
    else high = probe;
  }
  return low;
}

function clamp(value: bigint, min: bigint, max: bigint): bigint {
  return value < min ? min : value > max ? max : value;
}

/** The head block's number and time. */
export function headStamp(chain: ChainClient): Promise<BlockStamp> {
  return stampOf(chain, 'latest');
}

/** A block's number and time. */
export function blockStamp(chain: ChainClient, number: bigint): Promise<BlockStamp> {
  return stampOf(chain, number);
}
