import { toTokenNumber } from '../snapshots/valuation/decimal.ts';

/** A stored event as the returns math needs it: raw amounts, and its worth at its own block. */
export type ValuedEvent = {
  kind: 'staked' | 'withdrawn' | 'reward_paid';
  blockTime: string;
  /** Stakes and withdrawals: token0 / token1 amounts (smallest unit) the LP amount stood for then. */
  amount0: bigint | null;
  amount1: bigint | null;
  /** USD at its block; null = unknown. */
  usd: number | null;
};

/** The position now: its latest snapshot and the pair's latest token prices. */
export type PositionNow = {
  valueUsd: number | null;
  /** Pending rewards in USD; null when any reward's price is unknown. */
  pendingUsd: number | null;
  price0Usd: number | null;
  price1Usd: number | null;
  decimals0: number;
  decimals1: number;
};

/** The detail's `returns` (issue 13): numbers, or null where a price (or the history) is unknown. */
export type Returns = {
  first_staked_on: string | null;
  deposited_usd: number | null;
  withdrawn_usd: number | null;
  rewards_claimed_usd: number | null;
  rewards_pending_usd: number | null;
  value_usd: number | null;
  hodl_value_usd: number | null;
  pnl_usd: number | null;
  il_usd: number | null;
  il_percent: number | null;
};

/** Sum that stays unknown when any part is unknown: a missing price is never 0. */
export function sumKnown(values: (number | null)[]): number | null {
  let total = 0;
  for (const value of values) {
    if (value === null) return null;
    total += value;
  }
  return total;
}

/** token0 / token1 still "held" had the wallet kept each deposit's tokens: deposits minus withdrawals. */
export function hodlAmounts(events: ValuedEvent[]): { amount0: bigint; amount1: bigint } | null {
  let amount0 = 0n;
  let amount1 = 0n;
  for (const event of events) {
    if (event.kind === 'reward_paid') continue;
    if (event.amount0 === null || event.amount1 === null) return null;
    const sign = event.kind === 'staked' ? 1n : -1n;
    amount0 += sign * event.amount0;
    amount1 += sign * event.amount1;
  }
  return { amount0, amount1 };
}

/** USD of token amounts at given prices; null when a price is unknown. */
export function valueOfAmounts(
  amounts: { amount0: bigint; amount1: bigint } | null,
  now: Pick<PositionNow, 'price0Usd' | 'price1Usd' | 'decimals0' | 'decimals1'>,
): number | null {
  if (!amounts || now.price0Usd === null || now.price1Usd === null) return null;
  return (
    toTokenNumber(amounts.amount0, now.decimals0) * now.price0Usd +
    toTokenNumber(amounts.amount1, now.decimals1) * now.price1Usd
  );
}

/**
 * Profit and loss and impermanent loss of one position from its events (valued at their blocks) and
 * its latest snapshot:
 *   pnl  = value + withdrawn + rewards claimed + rewards pending - deposited
 *   hodl = today's value of the token amounts each deposit stood for at its block, minus what each
 *          withdrawal took out the same way
 *   il   = value - hodl (for a V2 pair this includes the fees earned), and il / hodl in percent.
 */
export function computeReturns(events: ValuedEvent[], now: PositionNow): Returns {
  const ofKind = (kind: ValuedEvent['kind']) => events.filter((e) => e.kind === kind).map((e) => e.usd);
  const stakes = events.filter((e) => e.kind === 'staked');
  const deposited = stakes.length === 0 ? null : sumKnown(ofKind('staked'));
  const withdrawn = sumKnown(ofKind('withdrawn'));
  const claimed = sumKnown(ofKind('reward_paid'));
  const hodl = stakes.length === 0 ? null : valueOfAmounts(hodlAmounts(events), now);
  const pnl =
    deposited === null ? null : sumKnown([now.valueUsd, withdrawn, claimed, now.pendingUsd, -deposited]);
  const il = now.valueUsd === null || hodl === null ? null : now.valueUsd - hodl;
  return {
    first_staked_on: stakes[0]?.blockTime ?? null,
    deposited_usd: deposited,
    withdrawn_usd: withdrawn,
    rewards_claimed_usd: claimed,
    rewards_pending_usd: now.pendingUsd,
    value_usd: now.valueUsd,
    hodl_value_usd: hodl,
    pnl_usd: pnl,
    il_usd: il,
    il_percent: il === null || hodl === null || hodl === 0 ? null : (il / hodl) * 100,
  };
}
