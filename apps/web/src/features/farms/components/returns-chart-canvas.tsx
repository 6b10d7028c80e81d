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
import { useEffect, useRef } from 'react';
import type { ChartRange, ReturnsChartPoint } from './position-chart.tsx';

/** Series drawn, in legend order; colours match the legend swatches in position-chart.tsx. */
export const chartSeries = [
  { key: 'value', title: 'position value', color: '#0284c7' },
  { key: 'hodl', title: 'value if held', color: '#a16207' },
  { key: 'rewards', title: 'rewards', color: '#059669' },
] as const;

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

  useEffect(() => {
    if (!container.current) return;
    const created = createChart(container.current, {
      autoSize: true,
      layout: { attributionLogo: false, textColor: '#475569', background: { color: 'transparent' } },
      grid: { vertLines: { color: '#f1f5f9' }, horzLines: { color: '#f1f5f9' } },
      timeScale: { timeVisible: true, secondsVisible: false },
      localization: {
        priceFormatter: (value: number) =>
          value.toLocaleString('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 2 }),
      },
    });
    series.current = chartSeries.map((s) =>
      created.addSeries(LineSeries, {
        color: s.color,
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
