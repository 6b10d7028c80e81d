import type { ReturnsPoint } from '@tidewatch/shared';
import { Component, lazy, type ReactNode, Suspense, useCallback, useMemo, useState } from 'react';
import { formatUsd } from '../../../lib/format.ts';
import { useNow } from '../../../lib/use-now.ts';
import { priceSourceChangedText } from './chart-markers.ts';
import {
  type ChartRange,
  chartRanges,
  pointCountText,
  pointsInRange,
  type ReturnsChartPoint,
} from './chart-time-axis.ts';
import { loadReturnsChartCanvas } from './load-returns-chart.ts';

export type { ChartRange, ReturnsChartPoint };

/** How often the ranges are measured back from now again while the page stays open. */
const rangeClockMs = 60_000;
const ReturnsChartCanvas = lazy(loadReturnsChartCanvas);
const legend = [
  { key: 'value', title: 'position value', swatch: 'bg-sky-600 dark:bg-sky-400' },
  { key: 'hodl', title: 'value if held', swatch: 'bg-yellow-700 dark:bg-yellow-500' },
  { key: 'rewards', title: 'rewards', swatch: 'bg-emerald-600 dark:bg-emerald-400' },
] as const;

/** Oldest first, one point per second (the chart's time axis needs strictly increasing times). */
export function toChartPoints(chart: ReturnsPoint[]): ReturnsChartPoint[] {
  const bySecond = new Map<number, ReturnsChartPoint>();
  for (const point of chart) {
    const time = Math.floor(Date.parse(point.created_on) / 1000);
    bySecond.set(time, {
      time,
      createdOn: point.created_on,
      value: point.value_usd,
      hodl: point.hodl_value_usd,
      rewards: point.rewards_usd,
      // A change in a point merged into a later one of the same second stays marked.
      priceSourceChanged:
        point.price_source_changed === true || bySecond.get(time)?.priceSourceChanged === true,
    });
  }
  return [...bySecond.values()].sort((a, b) => a.time - b.time);
}

/** A canvas that cannot be drawn (no canvas support) leaves the figures below it readable. */
class ChartBoundary extends Component<{ children: ReactNode }, { isBroken: boolean }> {
  override state = { isBroken: false };
  static getDerivedStateFromError() {
    return { isBroken: true };
  }
  override render() {
    return this.state.isBroken ? (
      <p className="p-3 text-sm text-slate-600 dark:text-slate-400">
        the chart cannot be drawn in this browser
      </p>
    ) : (
      this.props.children
    );
  }
}

/**
 * Position value, what the deposits would be worth if held, and cumulative rewards over time, with time
 * and USD axes spaced by time, a crosshair whose values show below the chart (let go when the finger lifts),
 * and 7d / 30d / 90d / all ranges that keep only their points and say how many.
 */
export function PositionChart({ chart }: { chart: ReturnsPoint[] }) {
  const allPoints = useMemo(() => toChartPoints(chart), [chart]);
  const [range, setRange] = useState<ChartRange>('all');
  const now = useNow(rangeClockMs);
  const points = useMemo(() => pointsInRange(allPoints, range, now / 1000), [allPoints, range, now]);
  const [hovered, setHovered] = useState<ReturnsChartPoint | null>(null);
  const onHover = useCallback((point: ReturnsChartPoint | null) => setHovered(point), []);
  const shown = hovered ?? points.at(-1) ?? null;
  // The canvas marks them; said here too, for whoever cannot see the canvas.
  const sourceChanges = useMemo(() => points.filter((point) => point.priceSourceChanged), [points]);
  return (
    <section
      aria-label="position chart"
      className="rounded-md border border-slate-200 bg-white p-3 dark:border-slate-700 dark:bg-slate-900"
    >
      <fieldset className="mb-2 flex gap-1">
        <legend className="sr-only">chart range</legend>
        {chartRanges.map((r) => (
          <button
            key={r}
            type="button"
            aria-pressed={range === r}
            onClick={() => {
              setRange(r);
              setHovered(null);
            }}
            className={`rounded px-2 py-0.5 text-xs ${range === r ? 'bg-slate-800 text-white dark:bg-slate-200 dark:text-slate-900' : 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300'}`}
          >
            {r}
          </button>
        ))}
      </fieldset>
      <div role="img" aria-label="position value over time">
        {points.length === 0 ? (
          <p className="p-3 text-sm text-slate-600 dark:text-slate-400">
            {allPoints.length === 0 ? 'no points to draw yet' : `no points in the last ${range}`}
          </p>
        ) : (
          <ChartBoundary>
            <Suspense
              fallback={
                <p className="h-56 p-3 text-sm text-slate-600 dark:text-slate-400">loading chart...</p>
              }
            >
              <ReturnsChartCanvas points={points} onHover={onHover} />
            </Suspense>
          </ChartBoundary>
        )}
      </div>
      <p
        data-testid="chart-values"
        className="mt-1 flex flex-wrap gap-4 text-xs text-slate-600 dark:text-slate-400"
      >
        <span className="tabular-nums">
          {shown ? new Date(shown.createdOn).toLocaleString() : 'no points yet'}
        </span>
        {legend.map((item) => (
          <span key={item.key} className="tabular-nums">
            <span className={`mr-1 inline-block h-0.5 w-4 align-middle ${item.swatch}`} />
            {item.title} {shown ? formatUsd(shown[item.key]) : ''}
          </span>
        ))}
        {shown?.priceSourceChanged ? <span>▼ {priceSourceChangedText} here</span> : null}
        <span>{pointCountText(points.length)}</span>
      </p>
      {sourceChanges.length > 0 ? (
        <p className="mt-1 text-xs text-amber-800 dark:text-amber-300">
          ▼ {priceSourceChangedText} ({sourceChanges.length}):{' '}
          {sourceChanges.map((point) => new Date(point.createdOn).toLocaleString()).join(', ')}. A figure may
          jump there with no trade.
        </p>
      ) : null}
    </section>
  );
}
