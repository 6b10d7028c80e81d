import type { FarmKind, TrackedSummary } from '@tidewatch/shared';
import { findTrackedFarms } from '../../core/farms/tracking-repository.ts';
import { summariseTrackedV3Positions } from '../../core/v3/snapshot-repository.ts';
import type { FarmsContext } from './context.ts';
import { type Item, toItems } from './list-items.ts';

/** The user's tracked farms of a kind (of one wallet, when given), each with that wallet's position. */
export async function listTracked<K extends FarmKind>(
  ctx: FarmsContext,
  kind: K,
  userId: number,
  wallet?: string,
): Promise<Item<K>[]> {
  const tracked = await findTrackedFarms(ctx.db, {
    userId,
    kind,
    ...(wallet ? { walletAddress: wallet } : {}),
  });
  return toItems(
    ctx,
    kind,
    tracked.map((t) => ({ farmId: t.farmId, account: t.walletAddress, isTracked: true })),
  );
}

/** Both kinds of tracked farms, and the tracked V3 positions' count and value, as the dashboard shows them. */
export async function getTrackedSummary(ctx: FarmsContext, userId: number): Promise<TrackedSummary> {
  return {
    lp_mining: await listTracked(ctx, 'lp', userId),
    dual_mining: await listTracked(ctx, 'dual', userId),
    v3_positions: await summariseTrackedV3Positions(ctx.db, userId, ctx.chainId),
  };
}
