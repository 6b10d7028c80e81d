import type { V3TrackedPosition } from '@tidewatch/shared';
import type { V3PositionSnapshotRow } from '../../core/db/tables/v3-positions.ts';
import { toV3RangeWire } from '../../core/v3/position-math.ts';
import {
  findTrackedV3Positions,
  loadNewestV3Snapshots,
  type TrackedV3Position,
} from '../../core/v3/snapshot-repository.ts';
import { toV3SnapshotWire } from './schedule/snapshot-rows.ts';
import type { V3TrackingContext } from './tracking-context.ts';

/** A tracked position as the API sends it: its range and its newest snapshot (null before the first). */
export function toTrackedItem(
  tracked: TrackedV3Position,
  newest: V3PositionSnapshotRow | undefined,
): V3TrackedPosition {
  return {
    id: tracked.id,
    token_id: tracked.tokenId,
    wallet_address: tracked.wallet,
    pool: { address: tracked.poolAddress, token0: tracked.token0, token1: tracked.token1 },
    // The stored ticks (the position's row, written when it was first tracked): the same figures a read gives.
    ...toV3RangeWire(tracked, tracked.token0.decimals, tracked.token1.decimals),
    snapshot: newest ? toV3SnapshotWire(newest) : null,
  };
}

/** GET /api/quickswap/v3/tracked-positions: every position the user tracks, one per (position, wallet). */
export async function listTrackedV3Positions(
  ctx: V3TrackingContext,
  userId: number,
): Promise<{ positions: V3TrackedPosition[] }> {
  const tracked = await findTrackedV3Positions(ctx.db, userId, { chainId: ctx.chainId });
  const newest = await loadNewestV3Snapshots(ctx.db, [...new Set(tracked.map((t) => t.positionId))]);
  return { positions: tracked.map((t) => toTrackedItem(t, newest.get(t.positionId))) };
}
