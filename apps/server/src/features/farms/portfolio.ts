import type { Portfolio } from '@tidewatch/shared';
import { listPortfolioPositions, sumPortfolio } from '../../core/portfolio/list.ts';
import type { FarmsContext } from './context.ts';

/**
 * GET /api/quickswap/portfolio: every position the user tracks, of every kind (core/portfolio's one list),
 * added up: value, its change over 24 hours, total profit; and the same per kind.
 */
export async function getPortfolio(ctx: FarmsContext, userId: number): Promise<Portfolio> {
  return sumPortfolio(await listPortfolioPositions(ctx, userId));
}
