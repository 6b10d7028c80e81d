import { describe, expect, it } from 'vitest';
import { collectedFeesUsd, computeV3Returns, type ReturnsEvent, type ReturnsNow } from './returns.ts';

// A WETH (18) / USDC (6) position: deposits, a partial withdrawal, collects holding principal and fees,
// a farm that ended and paid rewards, each priced at its own block; the figures are worked by hand here.
const weth = '0x7ceB23fD6bC0adD59E62ac25578270cFf1b9f619';
const usdc = '0x2791Bca1f2de4661ED88A30C99A7a9449Aa84174';
const quick = '0xB5C064F955D8e7F38fE0460C556a72987494eE17';
const e18 = 10n ** 18n;
const e6 = 10n ** 6n;

const increase = (w: bigint, u: bigint, usd0: number | null, usd1: number | null): ReturnsEvent => ({
  kind: 'increase_liquidity',
  amounts: [
    { token: weth, raw: w, usd: usd0 },
    { token: usdc, raw: u, usd: usd1 },
  ],
  usd: usd0 === null || usd1 === null ? null : usd0 + usd1,
});
const decrease = (w: bigint, u: bigint, usd0: number, usd1: number): ReturnsEvent => ({
  ...increase(w, u, usd0, usd1),
  kind: 'decrease_liquidity',
});
const collect = (w: bigint, u: bigint, usd0: number | null, usd1: number): ReturnsEvent => ({
  ...increase(w, u, usd0, usd1),
  kind: 'collect',
});

const now: ReturnsNow = {
  valueUsd: 5_000,
  feesUsd: 12.5,
  pendingRewardsUsd: 3,
  price0Usd: 2_500,
  price1Usd: 1,
  token0: { address: weth, decimals: 18 },
  token1: { address: usdc, decimals: 6 },
};

describe('V3 returns against holding', () => {
  it('splits each collect into the principal DecreaseLiquidity left owed and the fees', () => {
    const events = [
      increase(2n * e18, 4_000n * e6, 4_000, 4_000),
      decrease(e18, 2_000n * e6, 2_200, 2_000),
      // 1.1 WETH and 2,010 USDC: 1 WETH + 2,000 USDC owed, 0.1 WETH + 10 USDC fees.
      collect((11n * e18) / 10n, 2_010n * e6, 2_420, 2_010),
      // Fees only: nothing owed any more.
      collect(e18 / 100n, 5n * e6, 24, 5),
    ];
    expect(collectedFeesUsd(events, weth, usdc)).toBeCloseTo((2_420 / 11) * 1 + 10 + 24 + 5, 9);
  });

  it('adds it up: deposited, withdrawn, hodl, the pool part against holding, fees and rewards apart', () => {
    const events: ReturnsEvent[] = [
      increase(2n * e18, 4_000n * e6, 4_000, 4_000),
      { kind: 'farm_entered', amounts: [], usd: null },
      increase(e18, 1_000n * e6, 2_100, 1_000),
      decrease(e18, 2_000n * e6, 2_200, 2_000),
      collect((11n * e18) / 10n, 2_010n * e6, 2_420, 2_010),
      { kind: 'farm_ended', amounts: [{ token: quick, raw: 40n * e18, usd: 20 }], usd: 20 },
      { kind: 'reward_claimed', amounts: [{ token: quick, raw: 40n * e18, usd: 21 }], usd: 21 },
    ];
    const returns = computeV3Returns(events, now)!;
    const feesCollected = 2_420 / 11 + 10;
    expect(returns.deposited_usd).toBe(11_100);
    expect(returns.withdrawn_usd).toBeCloseTo(4_200 + feesCollected, 9);
    expect(returns.value_now_usd).toBe(5_000);
    // 3 WETH and 5,000 USDC deposited, at today's 2,500 and 1.
    expect(returns.hodl_usd).toBe(12_500);
    expect(returns.vs_hodl_usd).toBe(5_000 + 4_200 - 12_500);
    expect(returns.fees_earned_usd).toBeCloseTo(feesCollected + 12.5, 9);
    // The claim is the FarmEnded's rewards leaving the farming contract: counted once.
    expect(returns.rewards_usd).toBe(23);
  });

  it('counts rewards collected while still farmed beside those FarmEnded paid; unknown ones leave it unknown', () => {
    const collected = (usd: number | null): ReturnsEvent => ({
      kind: 'rewards_collected',
      amounts: usd === null ? [] : [{ token: quick, raw: 10n * e18, usd }],
      usd,
    });
    const farmEnded: ReturnsEvent = {
      kind: 'farm_ended',
      amounts: [{ token: quick, raw: 40n * e18, usd: 20 }],
      usd: 20,
    };
    const deposit = increase(e18, 1_000n * e6, 2_000, 1_000);
    const returns = computeV3Returns([deposit, collected(5), farmEnded], now)!;
    // 5 collected + 20 at the exit + 3 pending now; fees untouched.
    expect(returns.rewards_usd).toBe(28);
    expect(returns.fees_earned_usd).toBe(12.5);
    expect(computeV3Returns([deposit, collected(null), farmEnded], now)!.rewards_usd).toBeNull();
  });

  it('has no returns before a deposit is known, and an unknown price leaves its figures unknown, not 0', () => {
    expect(computeV3Returns([], now)).toBeNull();
    const unknownDeposit = computeV3Returns([increase(e18, 1_000n * e6, null, 1_000)], now)!;
    expect(unknownDeposit.deposited_usd).toBeNull();
    expect(unknownDeposit.hodl_usd).toBe(3_500);
    const noPriceNow = computeV3Returns([increase(e18, 1_000n * e6, 2_000, 1_000)], {
      ...now,
      price0Usd: null,
      valueUsd: null,
    })!;
    expect(noPriceNow.hodl_usd).toBeNull();
    expect(noPriceNow.vs_hodl_usd).toBeNull();
    const unknownFee = computeV3Returns(
      [increase(e18, 1_000n * e6, 2_000, 1_000), collect(e18 / 10n, 0n, null, 0)],
      now,
    )!;
    expect(unknownFee.fees_earned_usd).toBeNull();
    expect(unknownFee.withdrawn_usd).toBeNull();
  });
});
