import { describe, expect, it } from 'vitest';
import { describeRangePosition, type RangeInput } from './range-position.ts';

// Where a price stands against a range [0.4, 0.6) USDC per WMATIC, edge by edge. The side is the server's
// in_range (the pool's tick), the % are (price − edge) / edge, and the marker is in % of the bar's width with
// the band on 20-80.
const pool = { token0: { symbol: 'WMATIC' }, token1: { symbol: 'USDC' } };
const range = { tick_lower: -285_000, tick_upper: -281_000, price_lower: '0.4', price_upper: '0.6', pool };
const at = (price: string, isInRange: boolean, overrides: Partial<RangeInput> = {}) =>
  describeRangePosition({ ...range, price, isInRange, ...overrides });

describe('describeRangePosition', () => {
  describe.each([
    {
      name: 'inside the range',
      price: '0.5',
      isInRange: true,
      side: 'in',
      distance: '25.00% above the lower edge · 16.67% below the upper edge',
      marker: [20, 80],
    },
    {
      name: 'on the lower edge (its tick is in the range)',
      price: '0.4',
      isInRange: true,
      side: 'in',
      distance: '0.00% above the lower edge · 33.33% below the upper edge',
      marker: [20, 20],
    },
    {
      name: 'on the upper edge (its tick is out: the range is [lower, upper))',
      price: '0.6',
      isInRange: false,
      side: 'above',
      distance: 'out of range: 0.00% above the upper edge',
      marker: [80, 80],
    },
    {
      name: 'below the range',
      price: '0.35',
      isInRange: false,
      side: 'below',
      distance: 'out of range: 12.50% below the lower edge',
      marker: [0.01, 19.99],
    },
    {
      name: 'above the range',
      price: '0.66',
      isInRange: false,
      side: 'above',
      distance: 'out of range: 10.00% above the upper edge',
      marker: [80.01, 99.99],
    },
    {
      name: 'far below the range (the marker at the bar’s end)',
      price: '0.001',
      isInRange: false,
      side: 'below',
      distance: 'out of range: 99.75% below the lower edge',
      marker: [0, 0],
    },
    {
      name: 'far above the range (the marker at the bar’s end)',
      price: '60',
      isInRange: false,
      side: 'above',
      distance: 'out of range: 9,900.00% above the upper edge',
      marker: [100, 100],
    },
  ])('a price $name', ({ price, isInRange, side, distance, marker }) => {
    const described = at(price, isInRange);
    it('is on its side, said with its distance from the edges', () => {
      expect(described.side).toBe(side);
      expect(described.distance).toBe(distance);
    });
    it('has its marker on that side of the band', () => {
      expect(described.band).toEqual({ start: 20, end: 80 });
      expect(described.marker).toBeGreaterThanOrEqual(marker[0]!);
      expect(described.marker).toBeLessThanOrEqual(marker[1]!);
    });
  });

  it('places a price in the range by ticks (the log of the price), not linearly', () => {
    // log(0.5 / 0.4) / log(0.6 / 0.4) = 0.5503 of the band's 60 %.
    expect(at('0.5', true).marker).toBeCloseTo(20 + 0.5503 * 60, 1);
  });

  it('keeps an in-range price whose rounded string is a hair outside on the band, at 0 %', () => {
    const described = at('0.39999999', true);
    expect(described.marker).toBe(20);
    expect(described.distance).toBe('0.00% above the lower edge · 33.33% below the upper edge');
  });

  it('takes the side of an out-of-range price whose rounded string is a hair inside from the nearer edge', () => {
    expect(at('0.40000001', false).side).toBe('below');
    expect(at('0.40000001', false).marker).toBe(20);
    expect(at('0.59999999', false).side).toBe('above');
  });

  it('labels the edges and the price as the cards write prices, in one sentence for its accessible name', () => {
    const described = at('0.5', true);
    expect([described.lowerLabel, described.priceLabel, described.upperLabel]).toEqual(['0.4', '0.5', '0.6']);
    expect(described.unit).toBe('USDC per WMATIC');
    expect(described.label).toBe(
      'range 0.4 – 0.6 USDC per WMATIC, now 0.5: 25.00% above the lower edge · 16.67% below the upper edge',
    );
  });

  describe('a bound at an extreme tick', () => {
    const tiny = '0.000000000000000000000000000000000000002954';
    const huge = '338492131855000000000000000000000000000';

    it("is 'full range' when both are: no 40-digit edges, no %, the band the whole bar", () => {
      const described = at('0.5', true, {
        tick_lower: -887_220,
        tick_upper: 887_220,
        price_lower: tiny,
        price_upper: huge,
      });
      expect(described.distance).toBe('full range: in range at every price');
      expect([described.lowerLabel, described.upperLabel]).toEqual(['0', '∞']);
      expect(described.band).toEqual({ start: 0, end: 100 });
      expect(described.marker).toBe(50);
    });

    it('leaves that edge open: no % from it, the band running to the bar’s end', () => {
      const described = at('0.5', true, { tick_lower: -887_220, price_lower: tiny });
      expect(described.distance).toBe('no lower edge · 16.67% below the upper edge');
      expect(described.band).toEqual({ start: 0, end: 80 });
      expect(described.marker).toBeCloseTo((0.5 / 0.6) * 80, 5);
      const above = at('0.5', false, { tick_upper: 887_220, price_upper: huge, price: '0.3' });
      expect(above.side).toBe('below');
      expect(above.distance).toBe('out of range: 25.00% below the lower edge');
    });
  });
});
