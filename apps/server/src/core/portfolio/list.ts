import type { Portfolio } from '@tidewatch/shared';
import { positionKinds } from '../kinds/index.ts';
import type { PortfolioDeps, PortfolioPosition } from './model.ts';

/**
 * The one list of a user's positions (issue 42): every provider's, each with value now, value 24 hours ago and
 * its one profit. The dashboard adds it up; the alerts and the books can read the same list.
 */
export async function listPortfolioPositions(
  deps: PortfolioDeps,
  userId: number,
): Promise<PortfolioPosition[]> {
  const lists = await Promise.all(
    positionKinds.map(async ({ kind, list }) =>
      (await list(deps, userId)).map((position) => ({ ...position, kind })),
    ),
  );
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
  const kinds = positionKinds
    .map(({ kind, label }) => ({
      kind,
      label,
      ...totalsOf(positions.filter((position) => position.kind === kind)),
    }))
    .filter((kind) => kind.positions > 0);
  return { ...totalsOf(positions), kinds };
}
