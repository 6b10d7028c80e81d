import type { ChainClient } from '../chain/client.ts';
import { blockHashAt } from '../chain/finality.ts';

/** A block of a stored event, with the hash its receipt had and its time. */
export type EventBlock = { number: bigint; hash: string; time: string };

/** How many of the newest event blocks are tried. */
export const rewindCandidates = 8;

/**
 * Where a history scan the chain reorganised under can start again (issue 43, finding 6; V2 pairs and V3
 * positions alike): the newest block of a stored event whose hash the chain still has (a block hash commits to
 * every block before it, so nothing up to it changed), when it came after the position was first tracked (the
 * daily points are all before). Undefined when there is none, or the reorganisation reached into the days: then
 * the scan starts over from the window start.
 * @example const from = await findRewindBlock(chain, blocks, trackedSince);
 */
export async function findRewindBlock(
  chain: ChainClient,
  blocks: readonly EventBlock[],
  trackedSince: string | null,
): Promise<EventBlock | undefined> {
  for (const block of blocks) {
    if ((await blockHashAt(chain, block.number)) !== block.hash) continue;
    return trackedSince !== null && block.time >= trackedSince ? block : undefined;
  }
  return undefined;
}
