import {
  createChart,
  type IChartApi,
  type ISeriesApi,
  type LineData,
  LineSeries,
  type Time,
  type UTCTimestamp,
  type WhitespaceData,
} from 'lightweight-charts';
import { useEffect, useRef, useState } from 'react';
import type { ChartRange, ReturnsChartPoint } from './position-chart.tsx';

/**
 * Series drawn, in legend order; colours match the legend swatches in position-chart.tsx (sky-600,
 * yellow-700, emerald-600 on light; their lighter -400/-500 shades on dark).
 */
export const chartSeries = [
  { key: 'value', title: 'position value', color: { light: '#0284c7', dark: '#38bdf8' } },
  { key: 'hodl', title: 'value if held', color: { light: '#a16207', dark: '#eab308' } },
  { key: 'rewards', title: 'rewards', color: { light: '#059669', dark: '#34d399' } },
] as const;

type Scheme = 'light' | 'dark';

/** Axis text (slate-600 / slate-400) and grid lines (slate-100 / slate-800) for each scheme. */
const chromeColours = {
  light: { text: '#475569', grid: '#f1f5f9' },
  dark: { text: '#94a3b8', grid: '#1e293b' },
} as const satisfies Record<Scheme, { text: string; grid: string }>;

const darkQuery = '(prefers-color-scheme: dark)';

/** The system's colour scheme now, and again whenever the person switches it while the page is open. */
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

const daySeconds = 86_400;
const rangeDays: Record<Exclude<ChartRange, 'all'>, number> = { '7d': 7, '30d': 30, '90d': 90 };

/** Whitespace for an unknown value: the line breaks instead of falling to zero. */
function toData(points: ReturnsChartPoint[], pick: (p: ReturnsChartPoint) => number | null) {
  return points.map((point): LineData<Time> | WhitespaceData<Time> => {
    const value = pick(point);
    const time = point.time as UTCTimestamp;
    return value === null ? { time } : { time, value };
  });
}

/**
 * The canvas half of the position chart (lightweight-charts, loaded only by the pages that draw it):
 * time and USD axes, a crosshair reporting the point under it, and the chosen range.
 */
export default function ReturnsChartCanvas({
  points,
  range,
  onHover,
}: {
  /** Oldest first, one per second at most (the chart needs strictly increasing times). */
  points: ReturnsChartPoint[];
  range: ChartRange;
  onHover: (point: ReturnsChartPoint | null) => void;
}) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const series = useRef<ISeriesApi<'Line'>[]>([]);
  const latestPoints = useRef(points);
  latestPoints.current = points;
  const scheme = useColourScheme();
  const initialScheme = useRef(scheme);

  useEffect(() => {
    if (!container.current) return;
    const created = createChart(container.current, {
      autoSize: true,
      layout: {
        attributionLogo: false,
        textColor: chromeColours[initialScheme.current].text,
        background: { color: 'transparent' },
      },
      grid: {
        vertLines: { color: chromeColours[initialScheme.current].grid },
        horzLines: { color: chromeColours[initialScheme.current].grid },
      },
      timeScale: { timeVisible: true, secondsVisible: false },
      localization: {
        priceFormatter: (value: number) =>
          value.toLocaleString('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 2 }),
      },
    });
    series.current = chartSeries.map((s) =>
      created.addSeries(LineSeries, {
        color: s.color[initialScheme.current],
        lineWidth: 2,
        title: s.title,
        pointMarkersVisible: latestPoints.current.length < 3,
        priceLineVisible: false,
      }),
    );
    created.subscribeCrosshairMove((param) => {
      const time = param.time as number | undefined;
      onHover(time === undefined ? null : (latestPoints.current.find((p) => p.time === time) ?? null));
    });
    chart.current = created;
    return () => {
      created.remove();
      chart.current = null;
    };
  }, [onHover]);

  useEffect(() => {
    const { text, grid } = chromeColours[scheme];
    chart.current?.applyOptions({
      layout: { textColor: text },
      grid: { vertLines: { color: grid }, horzLines: { color: grid } },
    });
    series.current.forEach((line, index) => {
      const colour = chartSeries[index]?.color[scheme];
      if (colour) line.applyOptions({ color: colour });
    });
  }, [scheme]);

  useEffect(() => {
    const [value, hodl, rewards] = series.current;
    if (!chart.current || !value || !hodl || !rewards) return;
    value.setData(toData(points, (p) => p.value));
    hodl.setData(toData(points, (p) => p.hodl));
    rewards.setData(toData(points, (p) => p.rewards));
    const last = points.at(-1)?.time;
    if (range === 'all' || last === undefined) chart.current.timeScale().fitContent();
    else {
      const from = Math.max(points[0]!.time, last - rangeDays[range] * daySeconds);
      chart.current.timeScale().setVisibleRange({ from: from as UTCTimestamp, to: last as UTCTimestamp });
    }
  }, [points, range]);

  return <div ref={container} data-testid="returns-chart-canvas" className="h-56 w-full" />;
}
