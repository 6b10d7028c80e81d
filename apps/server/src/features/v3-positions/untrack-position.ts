import { AppError } from '@tidewatch/shared';
import { deleteTrackedV3Position } from '../../core/v3/snapshot-repository.ts';
import type { V3TrackingContext } from './tracking-context.ts';

/**
 * DELETE /api/quickswap/v3/tracked-positions/:id: stops the user's tracking (NOT_FOUND for an id that is not
 * theirs). The position's snapshots and events stay for whoever else tracks it, or tracks it again; its
 * schedule and history job go at their next round once nobody tracks it.
 */
export async function untrackV3Position(
  ctx: V3TrackingContext,
  userId: number,
  trackedId: number,
): Promise<void> {
  const deleted = await deleteTrackedV3Position(ctx.db, userId, trackedId);
  if (!deleted) throw new AppError('NOT_FOUND', `you have no tracked V3 position ${trackedId}`);
}
