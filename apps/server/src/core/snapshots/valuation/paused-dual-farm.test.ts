import { expect, it } from 'vitest';
import { computeFarmValuation } from './farm-snapshot.ts';

// Scenario: a paused dual farm. Pausing StakingDualRewards blocks new stakes only; rewards A and B keep
// accruing until periodFinish, so APR sums both rewards and the snapshot says it is paused.
it('values both rewards and reports the pause', () => {
  const valuation = computeFarmValuation({
    pool: {
      reserve0: 1_000n * 10n ** 18n,
      reserve1: 1_000n * 10n ** 8n,
      decimals0: 18,
      decimals1: 8,
      price0: 1,
      price1: 1,
      totalSupply: 100n * 10n ** 18n,
    },
    farm: {
      totalSupply: 50n * 10n ** 18n,
      periodFinish: 1_000n,
      isPaused: true,
      rewards: [
        { rewardRate: 10n ** 14n, decimals: 18, price: 100 }, // A: 0.0001 dQUICK/s at $100
        { rewardRate: 1_000n, decimals: 6, price: 1 }, // B: 0.001 USDC/s
      ],
    },
    now: 500n,
    positions: [{ account: '0xabc', staked: 5n * 10n ** 18n, earned: [2n * 10n ** 17n, 7_500_000n] }],
  });
  expect(valuation.farm.isPaused).toBe(true);
  expect(valuation.farm.tvlUsd).toBe(1_000);
  // A: 0.0001 * 31,536,000 * 100 = 315,360; B: 0.001 * 31,536,000 = 31,536; over $1,000
  expect(valuation.farm.apr).toBeCloseTo(346.896, 9);
  expect(valuation.positions[0]?.earned).toEqual([
    { amount: 0.2, usd: 20 },
    { amount: 7.5, usd: 7.5 },
  ]);
  expect(valuation.positions[0]?.shareOfFarm).toBe(0.1);
});
