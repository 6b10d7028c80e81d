import { describe, expect, it } from 'vitest';
import { computeFarmValuation } from './farm-snapshot.ts';
import { resolvePairPrices } from './snapshot-math.ts';

// Scenario: one side of the pair has no price; a V2 pool holds equal value on both sides,
// so the missing price follows from the reserve ratio and the known side.
const pool = {
  reserve0: 1_000n * 10n ** 18n, // 1,000 WMATIC (18)
  reserve1: 500n * 10n ** 6n, // 500 USDC (6)
  decimals0: 18,
  decimals1: 6,
  totalSupply: 100n * 10n ** 18n,
};

describe('missing price on one side', () => {
  it('derives token0 from token1', () => {
    expect(resolvePairPrices({ ...pool, price0: null, price1: 1 })).toEqual({
      price0: 0.5,
      price1: 1,
      isPrice0Derived: true,
      isPrice1Derived: false,
    });
  });

  it('derives token1 from token0', () => {
    expect(resolvePairPrices({ ...pool, price0: 0.5, price1: null })).toEqual({
      price0: 0.5,
      price1: 1,
      isPrice0Derived: false,
      isPrice1Derived: true,
    });
  });

  it('values the pool at twice the known side', () => {
    const valuation = computeFarmValuation({
      pool: { ...pool, price0: null, price1: 1 },
      farm: {
        totalSupply: 50n * 10n ** 18n,
        periodFinish: 100n,
        rewards: [{ rewardRate: 10n ** 12n, decimals: 18, price: null }],
      },
      now: 1n,
      positions: [{ account: '0xabc', staked: 10n * 10n ** 18n, earned: [10n ** 18n] }],
    });
    expect(valuation.pool.tvlUsd).toBe(1_000);
    expect(valuation.pool.lpPriceUsd).toBe(10);
    expect(valuation.farm.tvlUsd).toBe(500);
    expect(valuation.positions[0]?.stakedUsd).toBe(100);
    // the reward token itself has no price: its USD and the APR stay unknown, not 0
    expect(valuation.positions[0]?.earned[0]).toEqual({ amount: 1, usd: null });
    expect(valuation.farm.apr).toBeNull();
  });

  it('keeps the missing side unknown when the pool is empty', () => {
    const empty = { ...pool, reserve0: 0n, reserve1: 0n };
    expect(resolvePairPrices({ ...empty, price0: null, price1: 1 }).price0).toBeNull();
    expect(resolvePairPrices({ ...empty, price0: 2, price1: null }).price1).toBeNull();
  });
});
