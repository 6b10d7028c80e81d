import {
  computeApr,
  computeEarned,
  computeFarmTvl,
  computeLpPrice,
  computePoolTvl,
  computePositionUsd,
  computeShareOfFarm,
  computeShareOfPool,
  type EarnedValue,
  type PoolInput,
  type RewardInput,
  resolvePairPrices,
} from './snapshot-math.ts';

export type FarmValuationInput = {
  pool: PoolInput;
  farm: {
    totalSupply: bigint;
    periodFinish: bigint;
    /** One entry for an LP farm, two (A then B) for a dual farm. */
    rewards: RewardInput[];
    /** Dual farms only. Pausing stops new stakes, not reward accrual, so figures are computed as usual. */
    isPaused?: boolean;
  };
  /** Block timestamp of the snapshot, in seconds. */
  now: bigint;
  positions: {
    account: string;
    staked: bigint;
    /** Earned per reward, same order as `farm.rewards`. */
    earned: bigint[];
  }[];
};

export type FarmValuation = {
  pool: {
    price0: number | null;
    price1: number | null;
    isPrice0Derived: boolean;
    isPrice1Derived: boolean;
    tvlUsd: number | null;
    lpPriceUsd: number | null;
  };
  farm: {
    tvlUsd: number | null;
    shareOfPool: number | null;
    /** A fraction (0.25 = 25 %); 0 once the period has finished; null when unknown. */
    apr: number | null;
    isEnded: boolean;
    isPaused: boolean;
  };
  positions: {
    account: string;
    stakedUsd: number | null;
    shareOfFarm: number | null;
    earned: EarnedValue[];
  }[];
};

/**
 * Every figure of a pool, farm and position snapshot from one pinned-block read plus prices.
 * @example computeFarmValuation({ pool, farm: { totalSupply, periodFinish, rewards: [{ rewardRate, decimals: 18, price: 0.05 }] }, now, positions })
 */
export function computeFarmValuation(input: FarmValuationInput): FarmValuation {
  const { pool, farm, now } = input;
  const prices = resolvePairPrices(pool);
  const lpPriceUsd = computeLpPrice(pool);
  const farmTvl = computeFarmTvl(farm.totalSupply, lpPriceUsd);
  return {
    pool: { ...prices, tvlUsd: computePoolTvl(pool), lpPriceUsd },
    farm: {
      tvlUsd: farmTvl,
      shareOfPool: computeShareOfPool(farm.totalSupply, pool.totalSupply),
      apr: computeApr({ rewards: farm.rewards, farmTvl, periodFinish: farm.periodFinish, now }),
      // periodFinish 0: never funded, so not ended (APR is 0 all the same: no reward is paid).
      isEnded: farm.periodFinish > 0n && now >= farm.periodFinish,
      isPaused: farm.isPaused ?? false,
    },
    positions: input.positions.map((position) => ({
      account: position.account,
      stakedUsd: computePositionUsd(position.staked, lpPriceUsd),
      shareOfFarm: computeShareOfFarm(position.staked, farm.totalSupply),
      earned: farm.rewards.map((reward, k) =>
        computeEarned(position.earned[k] ?? 0n, reward.decimals, reward.price),
      ),
    })),
  };
}
