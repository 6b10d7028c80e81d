import { render } from '@testing-library/react';
import type { AutoscaleInfo, AutoscaleInfoProvider, CreatePriceLineOptions } from 'lightweight-charts';
import { describe, expect, it, vi } from 'vitest';
import PriceRangeChartCanvas from './price-range-chart-canvas.tsx';

/**
 * jsdom cannot draw lightweight-charts' canvas: a stand-in keeps what the chart is given (the line's data and
 * options, the price lines), so what it would draw can be read.
 */
const drawn = vi.hoisted(() => ({
  data: [] as Array<{ time: number; value: number }>,
  options: [] as Array<Record<string, unknown>>,
  priceLines: [] as CreatePriceLineOptions[],
}));
vi.mock('lightweight-charts', () => ({
  LineSeries: {},
  LineStyle: { Dashed: 2 },
  createChart: () => ({
    addSeries: () => ({
      setData: (data: typeof drawn.data) => {
        drawn.data = data;
      },
      applyOptions: (options: Record<string, unknown>) => drawn.options.push(options),
      createPriceLine: (options: CreatePriceLineOptions) => {
        drawn.priceLines.push(options);
        return options;
      },
      removePriceLine: (line: CreatePriceLineOptions) => {
        drawn.priceLines = drawn.priceLines.filter((kept) => kept !== line);
      },
    }),
    applyOptions: () => {},
    timeScale: () => ({ fitContent: () => {} }),
    remove: () => {},
  }),
}));

const points = [
  { time: 1_760_000_000, price: 0.45, isInRange: true },
  { time: 1_760_003_600, price: 0.5, isInRange: true },
];

/** The price range the chart would scale to, given the prices' own. */
function scaledTo(own: { minValue: number; maxValue: number }) {
  const provider = drawn.options.flatMap((options) =>
    options.autoscaleInfoProvider ? [options.autoscaleInfoProvider as AutoscaleInfoProvider] : [],
  );
  const info = provider.at(-1)?.(() => ({ priceRange: own }) satisfies AutoscaleInfo);
  return info?.priceRange;
}

describe('the price and range chart’s canvas', () => {
  it('draws the prices as a line and the range’s edges as two labelled price lines kept in view', () => {
    drawn.priceLines = [];
    drawn.options = [];
    render(<PriceRangeChartCanvas points={points} lower={0.4} upper={0.6} />);
    expect(drawn.data).toEqual([
      { time: 1_760_000_000, value: 0.45 },
      { time: 1_760_003_600, value: 0.5 },
    ]);
    expect(drawn.priceLines.map(({ price, title }) => [price, title])).toEqual([
      [0.4, 'lower edge'],
      [0.6, 'upper edge'],
    ]);
    expect(scaledTo({ minValue: 0.45, maxValue: 0.5 })).toEqual({ minValue: 0.4, maxValue: 0.6 });
  });

  it('draws no line for a bound at an extreme tick, and does not scale to it', () => {
    drawn.priceLines = [];
    drawn.options = [];
    render(<PriceRangeChartCanvas points={points} lower={null} upper={0.6} />);
    expect(drawn.priceLines.map(({ title }) => title)).toEqual(['upper edge']);
    expect(scaledTo({ minValue: 0.45, maxValue: 0.5 })).toEqual({ minValue: 0.45, maxValue: 0.6 });
  });

  it('removes the edges’ lines when the range it is given changes', () => {
    drawn.priceLines = [];
    const { rerender } = render(<PriceRangeChartCanvas points={points} lower={0.4} upper={0.6} />);
    rerender(<PriceRangeChartCanvas points={points} lower={0.3} upper={0.7} />);
    expect(drawn.priceLines.map(({ price }) => price)).toEqual([0.3, 0.7]);
  });
});
