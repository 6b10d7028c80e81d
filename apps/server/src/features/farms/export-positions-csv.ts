import { AppError } from '@tidewatch/shared';
import { getAddress } from 'viem';
import { chainNameOf } from '../../core/chain/chain-name.ts';
import { loadFarmViews } from '../../core/farms/farm-view-repository.ts';
import { loadPositionHistory } from '../../core/farms/position-repository.ts';
import { isTracking } from '../../core/farms/tracking-repository.ts';
import { loadFarmBooks } from '../../core/kinds/v2-farm-stake/index.ts';
import { type FarmsContext, requireFarm } from './context.ts';
import { loadPositionFigures } from './position-figures.ts';
import { renderPositionsCsv } from './positions-csv.ts';

/** Every QuickSwap (Uniswap V2) LP token has 18 decimals. */
const uniswapV2LpDecimals = 18;
/** A CSV holds the whole history (the detail's chart is bounded; a download need not be). */
const csvRowLimit = 1_000_000;

/** The pair's position snapshots as CSV (oldest first), under the same privacy as the detail. */
export async function exportPositionsCsv(
  ctx: FarmsContext,
  address: string,
  account: { address: string; userId: number },
): Promise<{ filename: string; csv: string }> {
  const { db } = ctx;
  const farm = await requireFarm(ctx, undefined, address);
  const wallet = getAddress(account.address);
  if (!(await isTracking(db, { userId: account.userId, farmId: farm.id, walletAddress: wallet }))) {
    throw new AppError('NOT_FOUND', `you do not track farm ${getAddress(address)} with ${wallet}`);
  }
  const [view] = await loadFarmViews(db, { chainId: ctx.chainId, farmIds: [farm.id] }, ctx.oldTokens);
  const history = await loadPositionHistory(db, farm.id, wallet, csvRowLimit);
  const { chart } = await loadPositionFigures(ctx, view!, wallet, history);
  const books = await loadFarmBooks(ctx, view!, { userId: account.userId, wallet }, history[0]);
  const { farm: farmItem } = view!.item;
  const rewardA = farmItem.kind === 'lp' ? farmItem.reward_token : farmItem.reward_token_a;
  const rewardB = farmItem.kind === 'dual' ? farmItem.reward_token_b : null;
  const csv = renderPositionsCsv(
    history,
    chart,
    {
      lpDecimals: uniswapV2LpDecimals,
      chainName: chainNameOf(ctx.chainId),
      rewardA: { symbol: rewardA.symbol, decimals: rewardA.decimals },
      rewardB: rewardB ? { symbol: rewardB.symbol, decimals: rewardB.decimals } : null,
      tokenSymbols: new Map(
        [view!.item.pool.token0, view!.item.pool.token1, rewardA, ...(rewardB ? [rewardB] : [])].map((t) => [
          t.address.toLowerCase(),
          t.symbol,
        ]),
      ),
    },
    books?.profit,
  );
  return { filename: `tidewatch-${farm.address.slice(0, 10)}-${wallet.slice(0, 10)}.csv`, csv };
}
