import type { FarmKind } from '@tidewatch/shared';
import { loadFarmViews } from '../../core/farms/farm-view-repository.ts';
import { findTrackedFarms } from '../../core/farms/tracking-repository.ts';
import type { FarmsContext } from './context.ts';
import { type Item, toItems } from './list-items.ts';

/**
 * Every imported farm of a kind. With an account, each item carries that account's position only for a
 * viewer (a valid session's user) who tracks that (farm, account); anyone else gets the same answer as
 * for an address nobody tracks, so the list does not tell which addresses are tracked here.
 */
export async function listFarms<K extends FarmKind>(
  ctx: FarmsContext,
  kind: K,
  account?: string,
  viewerId?: number | null,
): Promise<Item<K>[]> {
  const views = await loadFarmViews(ctx.db, { chainId: ctx.chainId, kind }, ctx.oldTokens);
  const viewersFarms =
    account && viewerId
      ? new Set(
          (await findTrackedFarms(ctx.db, { userId: viewerId, walletAddress: account })).map((t) => t.farmId),
        )
      : new Set<number>();
  return toItems(
    ctx,
    kind,
    views.map((v) => ({ farmId: v.id, account: account ?? null, isPrivate: !viewersFarms.has(v.id) })),
    views,
  );
}
