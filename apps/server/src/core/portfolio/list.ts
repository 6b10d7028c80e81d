import type { Portfolio } from '@tidewatch/shared';
import { chainEntry } from '@tidewatch/shared/chain-registry';
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
      (await list(deps, userId)).map((position) => ({
        ...position,
        chainId: position.chainId ?? deps.chainId,
        kind,
      })),
    ),
  );
  return lists.flat();
}

type Totals = Omit<Portfolio, 'kinds' | 'chains'>;

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

/**
 * The dashboard's portfolio: the totals over every position of every chain, and the same per kind and per chain
 * (only those held; the instance's own chain first). Each part adds up to the totals.
 */
export function sumPortfolio(positions: PortfolioPosition[]): Portfolio {
  const kinds = positionKinds
    .map(({ kind, label }) => ({
      kind,
      label,
      ...totalsOf(positions.filter((position) => position.kind === kind)),
    }))
    .filter((kind) => kind.positions > 0);
  const chainIds = [...new Set(positions.map((position) => position.chainId))];
  const chains = chainIds.map((chainId) => ({
    chain_id: chainId,
    name: chainEntry(chainId)?.name ?? `chain ${chainId}`,
    ...totalsOf(positions.filter((position) => position.chainId === chainId)),
  }));
  return { ...totalsOf(positions), kinds, chains };
}
