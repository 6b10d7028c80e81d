import { describe, expect, it } from 'vitest';
import {
  amountsForLiquidity,
  formatRatio,
  priceFromSqrtX96,
  sqrtPriceX96AtTick,
  toV3RangeWire,
} from './position-math.ts';

const Q96 = 2n ** 96n;

describe('position math', () => {
  it('gives nothing for no liquidity, whatever the range, with no division', () => {
    for (const [tickLower, tickUpper, tick] of [
      [-887_220, 887_220, 0],
      [-60, 60, 887_271],
      [-60, 60, -887_272],
    ] as const) {
      expect(amountsForLiquidity({ liquidity: 0n, tickLower, tickUpper, tick, sqrtPriceX96: 0n })).toEqual({
        amount0: 0n,
        amount1: 0n,
      });
    }
  });

  it('splits by the pool tick as the pool does: below all token0, above all token1, inside both', () => {
    const range = { liquidity: 10n ** 18n, tickLower: -60, tickUpper: 60 };
    const at = (tick: number) => ({ ...range, tick, sqrtPriceX96: sqrtPriceX96AtTick(tick) });
    expect(amountsForLiquidity(at(-61)).amount1).toBe(0n);
    expect(amountsForLiquidity(at(60)).amount0).toBe(0n);
    const inside = amountsForLiquidity(at(0));
    // At price 1 a symmetric range holds as much of each: L·(1 − 1/√1.0001^60), rounded down.
    expect(inside.amount0).toBe(inside.amount1);
    expect(inside.amount0 > 0n).toBe(true);
  });

  it('writes prices exactly to 12 significant digits, in plain notation, at the extreme ticks too', () => {
    expect(priceFromSqrtX96(Q96, 18, 6)).toBe('1000000000000');
    expect(priceFromSqrtX96(Q96, 6, 18)).toBe('0.000000000001');
    expect(formatRatio(1n, 3n, 5)).toBe('0.33333');
    expect(formatRatio(10n ** 40n + 1n, 1n, 3)).toBe(`100${'0'.repeat(38)}`);
    expect(priceFromSqrtX96(0n, 18, 18)).toBe('0');
    const lowest = priceFromSqrtX96(sqrtPriceX96AtTick(-887_220), 18, 18);
    const highest = priceFromSqrtX96(sqrtPriceX96AtTick(887_220), 18, 18);
    expect(lowest).toMatch(/^0\.0{37}\d+$/);
    expect(highest).toMatch(/^\d{39}$/);
  });

  it("writes a range's bounds as its ticks' prices, decimals applied (1.0001^tick · 10^(d0 − d1))", () => {
    expect(toV3RangeWire({ tickLower: -60, tickUpper: 60 }, 18, 18)).toEqual({
      tick_lower: -60,
      tick_upper: 60,
      price_lower: '0.994018262239',
      price_upper: '1.00601773426',
    });
    // WMATIC (18) against USDC (6): tick 0 is 10^12 USDC per WMATIC, each bound scaled alike.
    const usdc = toV3RangeWire({ tickLower: 0, tickUpper: 60 }, 18, 6);
    expect(usdc.price_lower).toBe('1000000000000');
    expect(usdc.price_upper).toBe('1006017734260');
  });
});
