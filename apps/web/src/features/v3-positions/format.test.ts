import { describe, expect, it } from 'vitest';
import { formatRange } from './format.ts';

// A range as people read it. Algebra V1's ticks run from -887272 to 887272 in steps of 60: the widest range a
// position can have is [-887220, 887220], whose prices (about 3e-39 and 3e38) say nothing to a person.
const pool = { token0: { symbol: 'WMATIC' }, token1: { symbol: 'USDC' } };
const lowest = -887_220;
const highest = 887_220;
const tiny = '0.000000000000000000000000000000000000002954';
const huge = '338492131855000000000000000000000000000';

describe('formatRange', () => {
  it('writes both prices of an ordinary range, with the unit once', () => {
    const range = {
      tick_lower: -285_000,
      tick_upper: -281_000,
      price_lower: '0.4',
      price_upper: '0.6',
      pool,
    };
    expect(formatRange(range)).toBe('0.4 – 0.6 USDC per WMATIC');
  });

  it("says 'full range' when both bounds are at the extreme ticks", () => {
    expect(
      formatRange({ tick_lower: lowest, tick_upper: highest, price_lower: tiny, price_upper: huge, pool }),
    ).toBe('full range');
  });

  it("writes a bound at an extreme tick as '0' or '∞', the other as its price", () => {
    expect(
      formatRange({ tick_lower: lowest, tick_upper: -281_000, price_lower: tiny, price_upper: '0.6', pool }),
    ).toBe('0 – 0.6 USDC per WMATIC');
    expect(
      formatRange({ tick_lower: -285_000, tick_upper: highest, price_lower: '0.4', price_upper: huge, pool }),
    ).toBe('0.4 – ∞ USDC per WMATIC');
  });

  it('keeps the price of a bound one tick spacing inside the extremes', () => {
    const text = formatRange({
      tick_lower: lowest + 60,
      tick_upper: highest - 60,
      price_lower: '0.5',
      price_upper: '7',
      pool,
    });
    expect(text).toBe('0.5 – 7 USDC per WMATIC');
  });
});
