import { AppError, type V3TrackedPosition } from '@tidewatch/shared';
import { getAddress } from 'viem';
import { scheduleV3BackfillNow } from '../../core/v3/history-repository.ts';
import {
  findTrackedV3Position,
  loadNewestV3Snapshots,
  type TrackedV3Position,
} from '../../core/v3/snapshot-repository.ts';
import { toTrackedItem } from './list-tracked-positions.ts';
import { readV3Snapshots, storeV3Snapshots } from './schedule/snapshot-store.ts';
import { positionGone, requireReader, type V3TrackingContext } from './tracking-context.ts';

/** The user's tracking of a position with a wallet; NOT_FOUND naming both otherwise. */
export async function requireTracked(
  ctx: V3TrackingContext,
  userId: number,
  tokenId: string,
  wallet: string,
): Promise<TrackedV3Position> {
  const tracked = await findTrackedV3Position(ctx.db, userId, { chainId: ctx.chainId, tokenId, wallet });
  if (!tracked) {
    throw new AppError('NOT_FOUND', `you do not track V3 position #${tokenId} with ${getAddress(wallet)}`);
  }
  return tracked;
}

/**
 * POST /api/quickswap/v3/positions/:token_id/refresh {wallet_address}: a snapshot of a tracked position now
 * (stored as the scheduled ones are: one per block, a second refresh of the same block keeps the first), and
 * the history job brought forward so the events behind a change join soon. Answers the tracked entry.
 */
export async function refreshTrackedV3Position(
  ctx: V3TrackingContext,
  userId: number,
  tokenId: string,
  wallet: string,
): Promise<V3TrackedPosition> {
  const tracked = await requireTracked(ctx, userId, tokenId, wallet);
  const now = ctx.now();
  const snapshots = await readV3Snapshots(
    requireReader(ctx),
    [{ positionId: tracked.positionId, tokenId: tracked.tokenId }],
    now,
  );
  if (snapshots.missing.length > 0) throw positionGone(tokenId);
  await ctx.db.transaction().execute(async (trx) => {
    await storeV3Snapshots(trx, snapshots);
    await scheduleV3BackfillNow(trx, tracked.positionId, now);
  });
  const newest = await loadNewestV3Snapshots(ctx.db, [tracked.positionId]);
  return toTrackedItem(tracked, newest.get(tracked.positionId));
}
