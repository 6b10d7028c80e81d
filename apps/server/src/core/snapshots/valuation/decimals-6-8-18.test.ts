import { describe, expect, it } from 'vitest';
import { tokenRatioOf, toTokenNumber } from './decimal.ts';
import { computeFarmValuation } from './farm-snapshot.ts';

// Scenario: tokens of 6 (USDC), 8 (WBTC) and 18 (QUICK, LP) decimals in one farm; each must be
// converted with its own decimals (assuming 18 everywhere would be off by 1e10 or 1e12).
const e = (n: number, d: number) => BigInt(n) * 10n ** BigInt(d);

describe('a WBTC(8)/USDC(6) farm paying QUICK(18)', () => {
  const valuation = computeFarmValuation({
    pool: {
      reserve0: e(10, 8), // 10 WBTC
      reserve1: e(600_000, 6), // 600,000 USDC
      decimals0: 8,
      decimals1: 6,
      price0: 60_000,
      price1: 1,
      totalSupply: e(1_000, 18),
    },
    farm: {
      totalSupply: e(250, 18),
      periodFinish: 2_000_000_000n,
      rewards: [{ rewardRate: 10n ** 16n, decimals: 18, price: 50 }], // 0.01 QUICK per second
    },
    now: 1_900_000_000n,
    positions: [{ account: '0xabc', staked: e(25, 18), earned: [35n * 10n ** 17n] }],
  });

  it('values the pool, the LP token and the farm', () => {
    expect(valuation.pool.tvlUsd).toBeCloseTo(1_200_000, 6);
    expect(valuation.pool.lpPriceUsd).toBeCloseTo(1_200, 9);
    expect(valuation.farm.tvlUsd).toBeCloseTo(300_000, 6);
    expect(valuation.farm.shareOfPool).toBe(0.25);
  });

  it('computes APR from the 18-decimal reward rate', () => {
    // 0.01 QUICK/s * 31,536,000 s * $50 = $15,768,000 a year over $300,000
    expect(valuation.farm.apr).toBeCloseTo(52.56, 9);
  });

  it('values the position and its earned QUICK', () => {
    const [position] = valuation.positions;
    expect(position?.stakedUsd).toBeCloseTo(30_000, 6);
    expect(position?.shareOfFarm).toBe(0.1);
    expect(position?.earned).toEqual([{ amount: 3.5, usd: 175 }]);
  });
});

describe('a reward token with 6 decimals', () => {
  it('uses 6 decimals for the rate', () => {
    const valuation = computeFarmValuation({
      pool: {
        reserve0: e(1, 18),
        reserve1: e(1, 6),
        decimals0: 18,
        decimals1: 6,
        price0: 1,
        price1: 1,
        totalSupply: e(1, 18),
      },
      farm: {
        totalSupply: e(1, 18),
        periodFinish: 10n,
        rewards: [{ rewardRate: 1_000n, decimals: 6, price: 1 }],
      },
      now: 0n,
      positions: [{ account: '0xabc', staked: e(1, 18), earned: [1_234_567n] }],
    });
    // 0.001 USDC/s for a year = $31,536 over a $2 farm
    expect(valuation.farm.apr).toBeCloseTo(15_768, 9);
    expect(valuation.positions[0]?.earned[0]).toEqual({ amount: 1.234567, usd: 1.234567 });
  });
});

describe('conversion keeps precision', () => {
  it('converts each amount exactly with its own decimals', () => {
    expect(toTokenNumber(1n, 18)).toBe(1e-18);
    expect(toTokenNumber(123_456_789n, 8)).toBe(1.23456789);
    expect(toTokenNumber(10n ** 27n + 1n, 18)).toBe(1e9);
  });

  it('divides huge amounts of different decimals in bigint first', () => {
    // 3 WBTC (8) against 200,000.000001 USDC (6)
    expect(tokenRatioOf(200_000_000_001n, 6, 300_000_000n, 8)).toBeCloseTo(66_666.666667, 6);
    // 1e30 wei over 3e30 wei: beyond exact doubles, divided in fixed point
    expect(tokenRatioOf(10n ** 30n, 18, 3n * 10n ** 30n, 18)).toBeCloseTo(1 / 3, 15);
  });
});
