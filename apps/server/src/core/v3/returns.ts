import type { V3PositionHistory } from '@tidewatch/shared';
import { type Address, isAddressEqual } from 'viem';
import { ratioOf, toTokenNumber } from '../snapshots/valuation/decimal.ts';

/** A stored event as the returns need it: its kind and amounts, each with its USD at the event's block. */
export type ReturnsEvent = {
  kind: string;
  amounts: { token: string; raw: bigint; usd: number | null }[];
  usd: number | null;
};

/** The position now (its newest snapshot) and its tokens. */
export type ReturnsNow = {
  valueUsd: number | null;
  /** Uncollected swap fees now. */
  feesUsd: number | null;
  /** Farming rewards pending now (static collectRewards). */
  pendingRewardsUsd: number | null;
  price0Usd: number | null;
  price1Usd: number | null;
  token0: { address: string; decimals: number };
  token1: { address: string; decimals: number };
};

export type V3Returns = NonNullable<V3PositionHistory['returns']>;

/** A sum that stays unknown when any part is unknown: a missing price is never 0 (decision 013). */
function sumKnown(values: (number | null)[]): number | null {
  let total = 0;
  for (const value of values) {
    if (value === null) return null;
    total += value;
  }
  return total;
}

/**
 * The swap fees inside each Collect: a Collect pays out what DecreaseLiquidity left owed to the position
 * (its principal) plus the fees, so per token the principal owed is taken first and the rest is fees. The
 * fees' USD is the collect's USD for that token in proportion (the same price at the same block). Null
 * when a fee part's price was unknown.
 */
export function collectedFeesUsd(events: ReturnsEvent[], token0: string, token1: string): number | null {
  const owed = new Map<string, bigint>([
    [token0.toLowerCase(), 0n],
    [token1.toLowerCase(), 0n],
  ]);
  const fees: (number | null)[] = [];
  for (const event of events) {
    if (event.kind === 'decrease_liquidity') {
      for (const amount of event.amounts) {
        const key = amount.token.toLowerCase();
        owed.set(key, (owed.get(key) ?? 0n) + amount.raw);
      }
    }
    if (event.kind !== 'collect') continue;
    for (const amount of event.amounts) {
      const key = amount.token.toLowerCase();
      const principal = amount.raw < (owed.get(key) ?? 0n) ? amount.raw : (owed.get(key) ?? 0n);
      owed.set(key, (owed.get(key) ?? 0n) - principal);
      const fee = amount.raw - principal;
      if (fee === 0n) continue;
      fees.push(amount.usd === null ? null : amount.usd * (ratioOf(fee, amount.raw) ?? 0));
    }
  }
  return sumKnown(fees);
}

/**
 * Returns of a V3 position against holding its tokens, fees earned and rewards apart (the contract's
 * `returns`), from its events valued at their blocks and its newest snapshot:
 *   deposited   = Σ IncreaseLiquidity USD (at their blocks)
 *   withdrawn   = Σ DecreaseLiquidity USD + the fees inside the Collects (at their blocks)
 *   hodl        = the deposited token amounts at today's prices
 *   vs hodl     = value now + Σ DecreaseLiquidity USD − hodl: the pool's part alone, no fees, no rewards
 *   fees earned = collected fees + uncollected fees now
 *   rewards     = FarmEnded and RewardsCollected rewards (at their blocks) + pending rewards now
 * Null (no returns) before any deposit is known; each figure null when a part of it is unknown.
 */
export function computeV3Returns(events: ReturnsEvent[], now: ReturnsNow): V3Returns | null {
  const deposits = events.filter((e) => e.kind === 'increase_liquidity');
  if (deposits.length === 0) return null;
  const decreases = events.filter((e) => e.kind === 'decrease_liquidity');
  const deposited = sumKnown(deposits.map((e) => e.usd));
  const principalOut = sumKnown(decreases.map((e) => e.usd));
  const feesCollected = collectedFeesUsd(events, now.token0.address, now.token1.address);
  let held0 = 0n;
  let held1 = 0n;
  for (const deposit of deposits) {
    for (const amount of deposit.amounts) {
      if (isAddressEqual(amount.token as Address, now.token0.address as Address)) held0 += amount.raw;
      else if (isAddressEqual(amount.token as Address, now.token1.address as Address)) held1 += amount.raw;
    }
  }
  const hodl =
    now.price0Usd === null || now.price1Usd === null
      ? null
      : toTokenNumber(held0, now.token0.decimals) * now.price0Usd +
        toTokenNumber(held1, now.token1.decimals) * now.price1Usd;
  const vsHodl =
    now.valueUsd === null || principalOut === null || hodl === null
      ? null
      : now.valueUsd + principalOut - hodl;
  // Rewards leave pending by a FarmEnded or, still farmed, by collectRewards (a RewardsCollected): both count.
  const farmRewards = sumKnown(
    events.filter((e) => e.kind === 'farm_ended' || e.kind === 'rewards_collected').map((e) => e.usd),
  );
  return {
    deposited_usd: deposited,
    withdrawn_usd: sumKnown([principalOut, feesCollected]),
    value_now_usd: now.valueUsd,
    hodl_usd: hodl,
    vs_hodl_usd: vsHodl,
    fees_earned_usd: sumKnown([feesCollected, now.feesUsd]),
    rewards_usd: sumKnown([farmRewards, now.pendingRewardsUsd]),
  };
}
