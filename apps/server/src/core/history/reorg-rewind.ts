import type { Kysely } from 'kysely';
import type { ChainClient } from '../chain/client.ts';
import { blockHashAt } from '../chain/finality.ts';
import type { Database } from '../db/index.ts';
import {
  type HistoryScope,
  loadEventBlockHashes,
  resetScan,
  rewindScan,
  type ScanProgress,
} from './reorg-repository.ts';

/** A block of a stored event, with the hash its receipt had and its time. */
export type EventBlock = { number: bigint; hash: string; time: string };

/** How many of the newest event blocks are tried. */
const rewindCandidates = 8;

/**
 * Where a history scan the chain reorganised under can start again (issue 43, finding 6; V2 pairs and V3
 * positions alike): the newest block of a stored event whose hash the chain still has (a block hash commits to
 * every block before it, so nothing up to it changed), when it came after the position was first tracked (the
 * daily points are all before). Undefined when there is none, or the reorganisation reached into the days: then
 * the scan starts over from the window start.
 * @example const from = await findRewindBlock(chain, blocks, trackedSince);
 */
async function findRewindBlock(
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

/** A history job's scan as the reorganisation check reads and moves it. */
export type ScannedJob = { scannedToBlock: bigint | null; scannedToHash: string | null };

/** Where a kind of history job keeps a job's scan, and what moving it back clears besides. */
export type ScanPlace<Job> = {
  /** The job's rows in its history tables and its job's row. */
  scope: HistoryScope;
  chainId: number;
  /** Fields of the job cleared whether the scan rewinds or starts over (a V3 scan's gaps). */
  cleared?: Partial<Job>;
  /** What else starting over forgets (a V2 pair's days): in the job's row, and on the job. */
  restart?: { row: ScanProgress; job: Partial<Job> };
};

/**
 * Stage 0 of every history job: when the block its scan last reached has another hash now (or is gone), the chain
 * was reorganised under it. The scan goes back to the newest block it can still prove (findRewindBlock) and
 * rescans from there, keeping what was built before it; else the position's events, their gas rows and its
 * progress go and the run rescans from the window start (events from a reorganised block never stay).
 */
export async function dropReorganisedScan<Job extends ScannedJob>(
  deps: { db: Kysely<Database>; chain: ChainClient },
  job: Job,
  place: ScanPlace<Job>,
  now: Date,
): Promise<void> {
  if (job.scannedToBlock === null || job.scannedToHash === null) return;
  if ((await blockHashAt(deps.chain, job.scannedToBlock)) === job.scannedToHash) return;
  const { scope, chainId } = place;
  const { blocks, trackedSince } = await loadEventBlockHashes(deps.db, chainId, scope, rewindCandidates);
  const from = await findRewindBlock(deps.chain, blocks, trackedSince);
  if (from) {
    await rewindScan(deps.db, scope, chainId, from, now);
    Object.assign(job, { scannedToBlock: from.number, scannedToHash: from.hash }, place.cleared);
  } else {
    await resetScan(deps.db, scope, chainId, now, place.restart?.row);
    Object.assign(job, { scannedToBlock: null, scannedToHash: null }, place.cleared, place.restart?.job);
  }
}
