import { loadFarmViews } from '../../farms/farm-view-repository.ts';
import {
  loadLatestPositions,
  loadPositionsAtOrBefore,
  positionKey,
} from '../../farms/position-repository.ts';
import { findTrackedFarms } from '../../farms/tracking-repository.ts';
import type { PortfolioPosition, PortfolioProvider } from '../../portfolio/model.ts';
import { loadFarmBooks } from './books.ts';

const dayMs = 86_400_000;

/**
 * V2 farm stakes: each (farm, wallet) pair the user tracks, its value and profit from the farm's books (the
 * newest snapshot whose events are final), the same figures as the farm detail's books.
 */
export const listV2FarmStakes: PortfolioProvider['list'] = async (deps, userId) => {
  const { db } = deps;
  const pairs = await findTrackedFarms(db, { userId });
  const farmIds = [...new Set(pairs.map((pair) => pair.farmId))];
  const wallets = pairs.map((pair) => pair.walletAddress);
  const dayAgo = new Date(deps.now().getTime() - dayMs).toISOString();
  const [views, latest, before] = await Promise.all([
    loadFarmViews(db, { chainId: deps.chainId, farmIds }, deps.oldTokens),
    loadLatestPositions(db, farmIds, wallets),
    loadPositionsAtOrBefore(db, farmIds, wallets, dayAgo),
  ]);
  const viewOf = new Map(views.map((view) => [view.id, view]));
  const positions = await Promise.all(
    pairs.map(async (pair): Promise<Omit<PortfolioPosition, 'kind' | 'chainId'> | null> => {
      const view = viewOf.get(pair.farmId);
      if (!view) return null;
      const key = positionKey(pair.farmId, pair.walletAddress);
      const newest = latest.get(key);
      const books = await loadFarmBooks(deps, view, { userId, wallet: pair.walletAddress }, newest);
      const profit = books?.profit ?? null;
      const { pool } = view.item;
      return {
        key: `v2:${key}`,
        wallet: pair.walletAddress,
        label: `${pool.token0.symbol}-${pool.token1.symbol} farm`,
        valueNowUsd: profit ? profit.value_now_usd : (newest?.total_liquidity_usd ?? null),
        value24hAgoUsd: before.get(key)?.total_liquidity_usd ?? null,
        profit,
      };
    }),
  );
  return positions.filter((position) => position !== null);
};
