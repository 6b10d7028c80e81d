import type { Portfolio } from '@tidewatch/shared';
import {
  loadLatestPositions,
  loadPoolPricesAt,
  loadPositionsAtOrBefore,
  positionKey,
} from '../../core/farms/position-queries.ts';
import { loadFarmViews } from '../../core/farms/queries.ts';
import { findTrackedFarms } from '../../core/farms/tracked-pairs.ts';
import { positionReturns } from '../../core/history/position-returns.ts';
import { loadPositionEventsOfPairs } from '../../core/history/repository.ts';
import type { FarmsContext } from './context.ts';

const dayMs = 86_400_000;

/**
 * The user's tracked positions added up: value, its change over 24 hours, profit and loss. A figure that
 * is unknown for a position is counted in `unknown`, never added as 0. The same number of queries for
 * any number of positions: each kind of row is loaded for every pair at once.
 */
export async function getPortfolio(ctx: FarmsContext, userId: number): Promise<Portfolio> {
  const { db } = ctx;
  const pairs = await findTrackedFarms(db, { userId });
  const farmIds = [...new Set(pairs.map((pair) => pair.farmId))];
  const wallets = pairs.map((pair) => pair.walletAddress);
  const dayAgo = new Date(ctx.now().getTime() - dayMs).toISOString();
  const [views, latest, before, events] = await Promise.all([
    loadFarmViews(db, { chainId: ctx.chainId, farmIds }, ctx.oldTokens),
    loadLatestPositions(db, farmIds, wallets),
    loadPositionsAtOrBefore(db, farmIds, wallets, dayAgo),
    loadPositionEventsOfPairs(
      db,
      pairs.map((pair) => ({ farmId: pair.farmId, wallet: pair.walletAddress })),
    ),
  ]);
  const viewOf = new Map(views.map((view) => [view.id, view]));
  const positions = pairs.flatMap((pair) => {
    const view = viewOf.get(pair.farmId);
    const key = positionKey(pair.farmId, pair.walletAddress);
    return view ? [{ view, key, latest: latest.get(key) }] : [];
  });
  const prices = await loadPoolPricesAt(
    db,
    positions.flatMap(({ view, latest }) =>
      latest ? [{ poolId: view.poolId, block: Number(latest.block_number) }] : [],
    ),
  );

  const totals: Portfolio = {
    positions: 0,
    value_usd: 0,
    change_24h_usd: 0,
    pnl_usd: 0,
    unknown: { value: 0, change_24h: 0, pnl: 0 },
  };
  const add = (key: 'value' | 'change_24h' | 'pnl', value: number | null) => {
    if (value === null) totals.unknown[key] += 1;
    else totals[`${key}_usd`] += value;
  };
  for (const { view, key, latest } of positions) {
    totals.positions += 1;
    const value = latest?.total_liquidity_usd ?? null;
    const then = before.get(key)?.total_liquidity_usd ?? null;
    add('value', value);
    add('change_24h', value === null || then === null ? null : value - then);
    const latestPrices = latest ? prices.get(`${view.poolId}:${Number(latest.block_number)}`) : undefined;
    const { pool } = view.item;
    const returns = positionReturns(events.get(key) ?? [], latest, latestPrices, {
      kind: view.kind,
      decimals0: pool.token0.decimals,
      decimals1: pool.token1.decimals,
    });
    add('pnl', returns.pnl_usd);
  }
  return totals;
}
