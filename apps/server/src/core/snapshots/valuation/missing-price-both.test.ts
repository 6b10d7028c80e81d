import { expect, it } from 'vitest';
import { computeFarmValuation } from './farm-snapshot.ts';

// Scenario: neither pair token has a price. Every USD figure is unknown (null), never $0;
// figures that need no price (shares, earned amounts) are still computed.
it('leaves every USD figure unknown', () => {
  const valuation = computeFarmValuation({
    pool: {
      reserve0: 10n ** 20n,
      reserve1: 10n ** 8n,
      decimals0: 18,
      decimals1: 8,
      price0: null,
      price1: null,
      totalSupply: 4n * 10n ** 18n,
    },
    farm: {
      totalSupply: 10n ** 18n,
      periodFinish: 100n,
      rewards: [{ rewardRate: 1n, decimals: 18, price: 2 }],
    },
    now: 1n,
    positions: [{ account: '0xabc', staked: 5n * 10n ** 17n, earned: [2n * 10n ** 18n] }],
  });
  expect(valuation.pool).toEqual({
    price0: null,
    price1: null,
    isPrice0Derived: false,
    isPrice1Derived: false,
    tvlUsd: null,
    lpPriceUsd: null,
  });
  expect(valuation.farm.tvlUsd).toBeNull();
  expect(valuation.farm.apr).toBeNull();
  expect(valuation.farm.shareOfPool).toBe(0.25);
  expect(valuation.positions[0]).toEqual({
    account: '0xabc',
    stakedUsd: null,
    shareOfFarm: 0.5,
    earned: [{ amount: 2, usd: 4 }],
  });
});
