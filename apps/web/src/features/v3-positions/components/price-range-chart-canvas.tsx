import {
  type AutoscaleInfoProvider,
  createChart,
  type IChartApi,
  type ISeriesApi,
  LineSeries,
  LineStyle,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useRef, useState } from 'react';
import { formatChartPrice, type PricePoint, priceAxisBaseFor } from '../price-series.ts';

type Scheme = 'light' | 'dark';

/** The price line (violet-600 / -400) and the range's edges (emerald-700 / -400), apart from the value chart's. */
const colours = {
  light: { text: '#475569', grid: '#f1f5f9', price: '#7c3aed', edge: '#047857' },
  dark: { text: '#94a3b8', grid: '#1e293b', price: '#a78bfa', edge: '#34d399' },
} as const satisfies Record<Scheme, Record<string, string>>;

const darkQuery = '(prefers-color-scheme: dark)';

/** The system's colour scheme, followed while the page is open (as the value chart does). */
function useColourScheme(): Scheme {
  const read = (): Scheme => (window.matchMedia?.(darkQuery).matches ? 'dark' : 'light');
  const [scheme, setScheme] = useState<Scheme>(read);
  useEffect(() => {
    const query = window.matchMedia?.(darkQuery);
    if (!query) return;
    const onChange = () => setScheme(query.matches ? 'dark' : 'light');
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return scheme;
}

/** The prices' own scale, widened to the range's edges so the band is always in view. */
const widenedTo =
  (edges: number[]): AutoscaleInfoProvider =>
  (original) => {
    const info = original();
    if (!info?.priceRange) return info;
    const { minValue, maxValue } = info.priceRange;
    return {
      ...info,
      priceRange: { minValue: Math.min(minValue, ...edges), maxValue: Math.max(maxValue, ...edges) },
    };
  };

type PriceRangeChartCanvasProps = {
  /** Oldest first, one per second. */
  points: PricePoint[];
  /** The range's edges; null for a bound at an extreme tick (0 or ∞: no line to draw). */
  lower: number | null;
  upper: number | null;
};

/**
 * The canvas of the 'price and range' chart (lightweight-charts, loaded only where it is drawn): the pool's price
 * at each snapshot as a line, the range's edges as two dashed price lines labelled on the price axis.
 */
export default function PriceRangeChartCanvas({ points, lower, upper }: PriceRangeChartCanvasProps) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const series = useRef<ISeriesApi<'Line'> | null>(null);
  const scheme = useColourScheme();
  const initialScheme = useRef(scheme);

  useEffect(() => {
    if (!container.current) return;
    const palette = colours[initialScheme.current];
    const created = createChart(container.current, {
      autoSize: true,
      layout: { attributionLogo: false, textColor: palette.text, background: { color: 'transparent' } },
      grid: { vertLines: { color: palette.grid }, horzLines: { color: palette.grid } },
      timeScale: { timeVisible: true, secondsVisible: false, fixLeftEdge: true, fixRightEdge: true },
      localization: { priceFormatter: formatChartPrice },
    });
    series.current = created.addSeries(LineSeries, {
      color: palette.price,
      lineWidth: 2,
      title: 'pool price',
      priceLineVisible: false,
    });
    chart.current = created;
    return () => {
      created.remove();
      chart.current = null;
      series.current = null;
    };
  }, []);

  useEffect(() => {
    const { text, grid, price } = colours[scheme];
    chart.current?.applyOptions({
      layout: { textColor: text },
      grid: { vertLines: { color: grid }, horzLines: { color: grid } },
    });
    series.current?.applyOptions({ color: price });
  }, [scheme]);

  useEffect(() => {
    const line = series.current;
    if (!line) return;
    const edges = [lower, upper].filter((edge): edge is number => edge !== null);
    const base = priceAxisBaseFor([...points.map((point) => point.price), ...edges]);
    line.applyOptions({
      priceFormat: { type: 'custom', formatter: formatChartPrice, minMove: 1 / base, base },
      autoscaleInfoProvider: widenedTo(edges),
    });
    line.setData(points.map((point) => ({ time: point.time as UTCTimestamp, value: point.price })));
    line.applyOptions({ pointMarkersVisible: points.length < 3 });
    chart.current?.timeScale().fitContent();
  }, [points, lower, upper]);

  useEffect(() => {
    const line = series.current;
    if (!line) return;
    const edges = [
      { price: lower, title: 'lower edge' },
      { price: upper, title: 'upper edge' },
    ].flatMap(({ price, title }) =>
      price === null
        ? []
        : [
            line.createPriceLine({
              price,
              title,
              color: colours[scheme].edge,
              lineWidth: 1,
              lineStyle: LineStyle.Dashed,
              axisLabelVisible: true,
            }),
          ],
    );
    return () => {
      // On unmount the chart went first (its effect's cleanup runs before this one): nothing left to remove.
      if (series.current !== line) return;
      for (const edge of edges) line.removePriceLine(edge);
    };
  }, [lower, upper, scheme]);

  return <div ref={container} data-testid="price-range-chart-canvas" className="h-40 w-full" />;
}
