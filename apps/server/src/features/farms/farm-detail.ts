import { AppError, type FarmDetail } from '@tidewatch/shared';
import { getAddress } from 'viem';
import { loadFarmViews, toDualPosition, toLpPosition } from '../../core/farms/farm-view-repository.ts';
import { loadPositionHistory } from '../../core/farms/position-repository.ts';
import { isTracking } from '../../core/farms/tracking-repository.ts';
import { loadFarmBooks } from '../../core/kinds/v2-farm-stake/index.ts';
import { profitBesideReturns } from '../../core/portfolio/profit.ts';
import { type FarmsContext, requireFarm } from './context.ts';
import { loadPositionFigures, withSourceMarks } from './position-figures.ts';

/**
 * A farm's detail. With an account it is the position's too (history, returns, chart, books), private to a
 * user tracking that pair: anyone else gets 404, as if there were nothing to see.
 */
export async function getFarmDetail(
  ctx: FarmsContext,
  address: string,
  account?: { address: string; userId: number },
): Promise<FarmDetail> {
  const { db } = ctx;
  const farm = await requireFarm(ctx, undefined, address);
  const wallet = account ? getAddress(account.address) : null;
  if (
    account &&
    !(await isTracking(db, { userId: account.userId, farmId: farm.id, walletAddress: wallet! }))
  ) {
    throw new AppError('NOT_FOUND', `you do not track farm ${getAddress(address)} with ${wallet}`);
  }
  const [view] = await loadFarmViews(db, { chainId: ctx.chainId, farmIds: [farm.id] }, ctx.oldTokens);
  const history = wallet ? await loadPositionHistory(db, farm.id, wallet) : [];
  const position = wallet
    ? await loadPositionFigures(ctx, view!, wallet, history)
    : { returns: null, chart: [], history: null };
  // The accountant's figures beside the returns (issue 35): newest snapshot first in `history`.
  const books =
    account && wallet
      ? await loadFarmBooks(ctx, view!, { userId: account.userId, wallet }, history[0])
      : null;
  // The returns carry the one profit beside their own figures, and why they differ (issue 42).
  if (position.returns && account) {
    const returnsBlock = history[0] ? Number(history[0].block_number) : null;
    position.returns = { ...position.returns, ...profitBesideReturns(books?.profit, returnsBlock, 'gas') };
  }
  if (view!.kind === 'lp') {
    return {
      ...view!.item,
      account_address: wallet,
      farm_position_snapshots: withSourceMarks(history, toLpPosition),
      ...position,
      books,
    };
  }
  return {
    ...view!.item,
    account_address: wallet,
    farm_position_snapshots: withSourceMarks(history, toDualPosition),
    ...position,
    books,
  };
}
