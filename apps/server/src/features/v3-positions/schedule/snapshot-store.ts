import type { V3Position } from '@tidewatch/shared';
import type { Insertable } from 'kysely';
import type { DbOrTrx } from '../../../core/db/index.ts';
import type { V3PositionsTables } from '../../../core/db/tables/v3-positions.ts';
import { insertV3Snapshots } from '../../../core/v3/snapshot-repository.ts';
import { toV3SnapshotRow } from './snapshot-rows.ts';

/**
 * Positions valued at one block, as `readV3Positions` answers them: every figure of a position is read at
 * `blockNumber`, whose time is `blockTime` (the chain's clock: incentive ends are measured against it).
 */
type V3PositionsRead = { blockNumber: number; blockTime: Date; positions: V3Position[] };

/**
 * Reads positions by id at one block (the latest, or `block` for a past one). A position that does not
 * exist there (burnt, or not minted yet) is absent from the answer; a read that fails throws (the chain's
 * typed errors: ChainUnavailableError, ReadFailedError).
 */
/** `isLive`: for a screen (a part whose source fails reads unknown), not for a stored snapshot. */
export type V3PositionReader = (
  tokenIds: string[],
  options?: { block?: bigint; isLive?: boolean },
) => Promise<V3PositionsRead>;

/** A tracked position to snapshot: its row and its NFT id. */
export type V3SnapshotTarget = { positionId: number; tokenId: string };

/** What one read of a set of positions gives: the rows to store, and the ids the chain no longer has. */
export type ReadV3Snapshots = {
  read: V3PositionsRead;
  rows: Insertable<V3PositionsTables['v3_position_snapshots']>[];
  /** Targets whose position was not found at the block (burnt). */
  missing: V3SnapshotTarget[];
};

/**
 * Reads `targets` at one block through `readPositions` and makes their snapshot rows (stamped `now`). Every
 * target is read in the same call, so their figures are of one block, as V2's batches are.
 */
export async function readV3Snapshots(
  readPositions: V3PositionReader,
  targets: V3SnapshotTarget[],
  now: Date,
  options: { block?: bigint } = {},
): Promise<ReadV3Snapshots> {
  const read = await readPositions(
    targets.map((t) => t.tokenId),
    options,
  );
  const byTokenId = new Map(read.positions.map((p) => [p.token_id, p]));
  const rows: ReadV3Snapshots['rows'] = [];
  const missing: V3SnapshotTarget[] = [];
  for (const target of targets) {
    const position = byTokenId.get(target.tokenId);
    if (position) rows.push(toV3SnapshotRow(target.positionId, position, now));
    else missing.push(target);
  }
  return { read, rows, missing };
}

/** Stores what readV3Snapshots made (one row per position and block); answers how many were new. */
export function storeV3Snapshots(db: DbOrTrx, snapshots: Pick<ReadV3Snapshots, 'rows'>): Promise<number> {
  return insertV3Snapshots(db, snapshots.rows);
}
