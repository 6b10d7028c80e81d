import { describe, expect, it } from 'vitest';
import { computeFarmValuation } from './farm-snapshot.ts';

// Scenario: nothing minted or nothing staked. Divisions by a zero supply are unknown (null), not 0 or Infinity.
const pool = {
  reserve0: 10n ** 18n,
  reserve1: 10n ** 6n,
  decimals0: 18,
  decimals1: 6,
  price0: 1,
  price1: 1,
};
const rewards = [{ rewardRate: 10n ** 15n, decimals: 18, price: 1 }];

describe('zero total supply', () => {
  it('pair with no LP supply: LP price, farm TVL and share of pool unknown', () => {
    const valuation = computeFarmValuation({
      pool: { ...pool, reserve0: 0n, reserve1: 0n, totalSupply: 0n },
      farm: { totalSupply: 0n, periodFinish: 10n, rewards },
      now: 1n,
      positions: [{ account: '0xabc', staked: 0n, earned: [0n] }],
    });
    expect(valuation.pool.tvlUsd).toBe(0);
    expect(valuation.pool.lpPriceUsd).toBeNull();
    expect(valuation.farm.tvlUsd).toBeNull();
    expect(valuation.farm.shareOfPool).toBeNull();
    expect(valuation.farm.apr).toBeNull();
    expect(valuation.positions[0]).toEqual({
      account: '0xabc',
      stakedUsd: null,
      shareOfFarm: null,
      earned: [{ amount: 0, usd: 0 }],
    });
  });

  it('farm with nothing staked: TVL 0, share of farm and APR unknown', () => {
    const valuation = computeFarmValuation({
      pool: { ...pool, totalSupply: 2n * 10n ** 18n },
      farm: { totalSupply: 0n, periodFinish: 10n, rewards },
      now: 1n,
      positions: [{ account: '0xabc', staked: 0n, earned: [0n] }],
    });
    expect(valuation.pool.lpPriceUsd).toBe(1);
    expect(valuation.farm.tvlUsd).toBe(0);
    expect(valuation.farm.shareOfPool).toBe(0);
    expect(valuation.farm.apr).toBeNull();
    expect(valuation.positions[0]?.stakedUsd).toBe(0);
    expect(valuation.positions[0]?.shareOfFarm).toBeNull();
  });
});
