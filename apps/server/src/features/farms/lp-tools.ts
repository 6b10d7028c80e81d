import { type FarmKind, farmKindList, farmKinds, type ToolsResponse } from '@tidewatch/shared';
import { loadFarmViews } from '../../core/farms/farm-view-repository.ts';
import type { FarmsContext } from './context.ts';

/** The tools tree: QuickSwap's two products, each with its imported farms' addresses and pairs. */
export async function getTools(ctx: FarmsContext): Promise<ToolsResponse> {
  const views = await loadFarmViews(ctx.db, { chainId: ctx.chainId }, ctx.oldTokens);
  const farmsOf = (kind: FarmKind) =>
    views
      .filter((v) => v.kind === kind)
      .map((v) => ({
        address: v.item.farm.address,
        pool: {
          token0: { symbol: v.item.pool.token0.symbol },
          token1: { symbol: v.item.pool.token1.symbol },
        },
      }));
  return {
    tools: [
      {
        id: 'quickswap',
        name: 'quickswap',
        products: farmKindList.map((kind) => ({ name: farmKinds[kind].routeSegment, farms: farmsOf(kind) })),
      },
    ],
  };
}
