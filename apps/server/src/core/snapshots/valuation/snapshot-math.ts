import { ratioOf, tokenRatioOf, toTokenNumber } from './decimal.ts';

/**
 * Pure snapshot math: bigint amounts + decimals + USD prices in, numbers out.
 * A figure that cannot be known is `null` (shown as unknown), never 0. Formulas: ARCHITECTURE.md "Money and numbers".
 */

/** Seconds in a (365-day) year; APR = yearly reward value / farm TVL. */
const secondsPerYear = 31_536_000n;

/** V2 pairs (QuickSwap) mint LP tokens with 18 decimals. */
export const lpTokenDecimals = 18;

export type PoolInput = {
  reserve0: bigint;
  reserve1: bigint;
  decimals0: number;
  decimals1: number;
  /** USD price of one whole token0, or null when unknown. */
  price0: number | null;
  price1: number | null;
  /** The pair's LP token supply. */
  totalSupply: bigint;
};

export type PairPrices = {
  price0: number | null;
  price1: number | null;
  /** True when the price was not given but derived from the reserve ratio and the other side's price. */
  isPrice0Derived: boolean;
  isPrice1Derived: boolean;
};

/**
 * Fills one missing side's price from the reserve ratio (a V2 pool holds equal value on both sides);
 * when both are missing, or the reserves are empty, the missing price stays unknown.
 * @example resolvePairPrices({ ...pool, price0: null, price1: 1 }) // price0 = price1 * r1 / r0
 */
export function resolvePairPrices(pool: Omit<PoolInput, 'totalSupply'>): PairPrices {
  const { reserve0, reserve1, decimals0, decimals1, price0, price1 } = pool;
  if (price0 === null && price1 !== null) {
    const token1PerToken0 = tokenRatioOf(reserve1, decimals1, reserve0, decimals0);
    const derived = reserve1 === 0n || token1PerToken0 === null ? null : token1PerToken0 * price1;
    return { price0: derived, price1, isPrice0Derived: derived !== null, isPrice1Derived: false };
  }
  if (price1 === null && price0 !== null) {
    const token0PerToken1 = tokenRatioOf(reserve0, decimals0, reserve1, decimals1);
    const derived = reserve0 === 0n || token0PerToken1 === null ? null : token0PerToken1 * price0;
    return { price0, price1: derived, isPrice0Derived: false, isPrice1Derived: derived !== null };
  }
  return { price0, price1, isPrice0Derived: false, isPrice1Derived: false };
}

/** Pool TVL = r0*p0 + r1*p1, after deriving a missing side; null when a side stays unknown. */
export function computePoolTvl(pool: Omit<PoolInput, 'totalSupply'>): number | null {
  const { price0, price1 } = resolvePairPrices(pool);
  if (price0 === null || price1 === null) return null;
  return (
    toTokenNumber(pool.reserve0, pool.decimals0) * price0 +
    toTokenNumber(pool.reserve1, pool.decimals1) * price1
  );
}

/** LP price = pool TVL / pair.totalSupply (per whole LP token); null when TVL unknown or no LP supply. */
export function computeLpPrice(pool: PoolInput): number | null {
  const tvl = computePoolTvl(pool);
  if (tvl === null || pool.totalSupply === 0n) return null;
  return tvl / toTokenNumber(pool.totalSupply, lpTokenDecimals);
}

/** Farm TVL = farm.totalSupply * LP price. */
export function computeFarmTvl(farmTotalSupply: bigint, lpPrice: number | null): number | null {
  if (lpPrice === null) return null;
  return toTokenNumber(farmTotalSupply, lpTokenDecimals) * lpPrice;
}

/** Share of pool = farm.totalSupply / pair.totalSupply (a fraction, 0..1); null when the pair has no supply. */
export function computeShareOfPool(farmTotalSupply: bigint, pairTotalSupply: bigint): number | null {
  return ratioOf(farmTotalSupply, pairTotalSupply);
}

/** Share of farm = staked / farm.totalSupply (a fraction); null when nothing is staked in the farm. */
export function computeShareOfFarm(staked: bigint, farmTotalSupply: bigint): number | null {
  return ratioOf(staked, farmTotalSupply);
}

/** Position USD = staked LP * LP price. */
export function computePositionUsd(staked: bigint, lpPrice: number | null): number | null {
  if (lpPrice === null) return null;
  return toTokenNumber(staked, lpTokenDecimals) * lpPrice;
}

export type EarnedValue = { amount: number; usd: number | null };

/** Earned reward in whole tokens and in USD (USD null when the reward price is unknown). */
export function computeEarned(earned: bigint, decimals: number, price: number | null): EarnedValue {
  const amount = toTokenNumber(earned, decimals);
  return { amount, usd: price === null ? null : amount * price };
}

export type RewardInput = {
  /** Reward tokens (smallest unit) paid to the whole farm per second. */
  rewardRate: bigint;
  decimals: number;
  price: number | null;
};

/**
 * APR (a fraction: 0.25 = 25 %) = sum(rewardRate_k * 31,536,000 * price_k) / farm TVL,
 * and 0 once `periodFinish` has passed (no more rewards are paid). Null when a reward price or the
 * TVL is unknown, or the TVL is 0 (the ratio has no meaning).
 */
export function computeApr(input: {
  rewards: RewardInput[];
  farmTvl: number | null;
  periodFinish: bigint;
  /** The snapshot block's timestamp, in seconds. */
  now: bigint;
}): number | null {
  if (input.now >= input.periodFinish) return 0;
  if (input.farmTvl === null || input.farmTvl === 0) return null;
  let yearlyUsd = 0;
  for (const reward of input.rewards) {
    if (reward.price === null) return null;
    yearlyUsd += toTokenNumber(reward.rewardRate * secondsPerYear, reward.decimals) * reward.price;
  }
  return yearlyUsd / input.farmTvl;
}
