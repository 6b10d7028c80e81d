import type { Portfolio } from '@tidewatch/shared';
import type { PortfolioDeps, PortfolioPosition, PortfolioProvider } from './model.ts';
import { v2FarmStakes } from './v2-farm-stakes.ts';
import { v3Nfts } from './v3-nfts.ts';

/** Every kind of position, in the dashboard's order. A new kind is a provider in this folder, added here. */
const portfolioProviders: PortfolioProvider[] = [v2FarmStakes, v3Nfts];

/** The kinds of position the portfolio knows: every feature that serves them per kind (alerts) covers each. */
export const portfolioKinds: readonly string[] = portfolioProviders.map((provider) => provider.kind);

/**
 * The one list of a user's positions (issue 42): every provider's, each with value now, value 24 hours ago and
 * its one profit. The dashboard adds it up; the alerts and the books can read the same list.
 */
export async function listPortfolioPositions(
  deps: PortfolioDeps,
  userId: number,
): Promise<PortfolioPosition[]> {
  const lists = await Promise.all(portfolioProviders.map((provider) => provider.list(deps, userId)));
  return lists.flat();
}

type Totals = Omit<Portfolio, 'kinds'>;

/** Sums over positions: a figure unknown for a position is counted in `unknown`, never added as 0. */
function totalsOf(positions: PortfolioPosition[]): Totals {
  const totals: Totals = {
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
  for (const position of positions) {
    totals.positions += 1;
    const now = position.valueNowUsd;
    const then = position.value24hAgoUsd;
    add('value', now);
    add('change_24h', now === null || then === null ? null : now - then);
    add('pnl', position.profit?.total_profit_usd ?? null);
  }
  return totals;
}

/** The dashboard's portfolio: the totals over every position, and the same per kind (only kinds held). */
export function sumPortfolio(positions: PortfolioPosition[]): Portfolio {
  const kinds = portfolioProviders
    .map((provider) => ({
      kind: provider.kind,
      label: provider.label,
      ...totalsOf(positions.filter((position) => position.kind === provider.kind)),
    }))
    .filter((kind) => kind.positions > 0);
  return { ...totalsOf(positions), kinds };
}
