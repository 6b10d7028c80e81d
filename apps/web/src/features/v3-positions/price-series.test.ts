import { describe, expect, it } from 'vitest';
import { formatPriceNumber, priceAtTick, priceAxisBaseFor, pricePointsOf } from './price-series.ts';
import { snapshot } from './testing/fixtures.ts';

const wmaticUsdc = { token0: { decimals: 18 }, token1: { decimals: 6 } };
const usdcWmatic = { token0: { decimals: 6 }, token1: { decimals: 18 } };
const sameDecimals = { token0: { decimals: 18 }, token1: { decimals: 18 } };

describe('priceAtTick', () => {
  it('is 1.0001^tick for tokens of the same decimals', () => {
    expect(priceAtTick(0, sameDecimals)).toBe(1);
    expect(priceAtTick(60, sameDecimals)).toBeCloseTo(1.0001 ** 60, 12);
    expect(priceAtTick(-6_932, sameDecimals)).toBeCloseTo(0.5, 4);
  });

  it('applies the decimals: 10^(decimals0 − decimals1)', () => {
    expect(priceAtTick(0, wmaticUsdc)).toBe(1e12);
    // 1 USDC per WMATIC: 10^-12 in raw units, tick log(1e-12) / log(1.0001) ≈ -276324.
    expect(priceAtTick(-276_324, wmaticUsdc)).toBeCloseTo(1, 4);
    expect(priceAtTick(276_324, usdcWmatic)).toBeCloseTo(1, 4);
  });

  it('stays finite at the extreme ticks', () => {
    expect(priceAtTick(887_272, wmaticUsdc)).toBeGreaterThan(1e50);
    expect(priceAtTick(-887_272, wmaticUsdc)).toBeGreaterThan(0);
    expect(Number.isFinite(priceAtTick(887_272, wmaticUsdc))).toBe(true);
  });
});

describe('formatPriceNumber', () => {
  it('writes a float as a plain decimal, 8 significant digits, no exponent', () => {
    expect(formatPriceNumber(0.51303754312)).toBe('0.51303754');
    expect(formatPriceNumber(1.23e-10)).toBe('0.000000000123');
    expect(formatPriceNumber(3.4e25)).toBe('34000000000000000000000000');
  });
});

describe('pricePointsOf', () => {
  it('gives the price at each snapshot’s tick, oldest first, one per second (the later block wins)', () => {
    const points = pricePointsOf(
      [
        snapshot({ created_on: '2026-01-01T02:00:00.000Z', block_number: 30, tick: -276_324 }),
        snapshot({
          created_on: '2026-01-01T01:00:00.000Z',
          block_number: 20,
          tick: -283_000,
          in_range: false,
        }),
        snapshot({ created_on: '2026-01-01T02:00:00.400Z', block_number: 29, tick: 0 }),
      ],
      wmaticUsdc,
    );
    expect(points.map((point) => point.time)).toEqual([
      Date.parse('2026-01-01T01:00:00Z') / 1000,
      Date.parse('2026-01-01T02:00:00Z') / 1000,
    ]);
    expect(points[0]!.price).toBeCloseTo(0.513, 3);
    expect(points[0]!.isInRange).toBe(false);
    expect(points[1]!.price).toBeCloseTo(1, 4);
  });
});

describe('priceAxisBaseFor', () => {
  it('steps by a millionth of the largest price’s order of magnitude', () => {
    expect(priceAxisBaseFor([0.4, 0.6])).toBe(1e7);
    expect(priceAxisBaseFor([2e-12, 3e-12])).toBe(1e18);
    expect(priceAxisBaseFor([2500])).toBe(1e3);
  });

  it('keeps the chart’s default step of 0.01 when there is no price', () => {
    expect(priceAxisBaseFor([])).toBe(100);
    expect(priceAxisBaseFor([Number.NaN])).toBe(100);
  });
});
