import { describe, expect, it } from 'vitest';
import { computeFarmValuation, type FarmValuationInput } from './farm-snapshot.ts';

// Scenario: the reward period has finished. No more rewards flow, so APR is 0 (a known 0, not
// unknown), while the pool, the position and what was earned before the end keep their value.
const input = (now: bigint): FarmValuationInput => ({
  pool: {
    reserve0: 100n * 10n ** 18n,
    reserve1: 100n * 10n ** 6n,
    decimals0: 18,
    decimals1: 6,
    price0: 1,
    price1: 1,
    totalSupply: 10n * 10n ** 18n,
  },
  farm: {
    totalSupply: 10n * 10n ** 18n,
    periodFinish: 1_700_000_000n,
    rewards: [{ rewardRate: 10n ** 15n, decimals: 18, price: 2 }],
  },
  now,
  positions: [{ account: '0xabc', staked: 10n ** 18n, earned: [3n * 10n ** 18n] }],
});

describe('ended farm', () => {
  it('has APR 0 after periodFinish', () => {
    const valuation = computeFarmValuation(input(1_800_000_000n));
    expect(valuation.farm.apr).toBe(0);
    expect(valuation.farm.isEnded).toBe(true);
    expect(valuation.farm.tvlUsd).toBe(200);
    expect(valuation.positions[0]?.stakedUsd).toBe(20);
    expect(valuation.positions[0]?.earned[0]).toEqual({ amount: 3, usd: 6 });
  });

  it('has ended at exactly periodFinish', () => {
    expect(computeFarmValuation(input(1_700_000_000n)).farm.apr).toBe(0);
  });

  it('still pays one second before', () => {
    const valuation = computeFarmValuation(input(1_699_999_999n));
    expect(valuation.farm.isEnded).toBe(false);
    // 0.001 * 31,536,000 * $2 = $63,072 a year over $200
    expect(valuation.farm.apr).toBeCloseTo(315.36, 9);
  });
});
