import type { TokenRef } from '@tidewatch/shared';
import type { V3PositionSnapshot, V3Range } from '@tidewatch/shared/v3-positions';
import { lazy, Suspense, useMemo } from 'react';
import { formatCount } from '../../../lib/format.ts';
import { formatRange, isHighestTick, isLowestTick } from '../format.ts';
import { formatChartPrice, pricePointsOf } from '../price-series.ts';

const PriceRangeChartCanvas = lazy(() => import('./price-range-chart-canvas.tsx'));

const quiet = 'text-xs text-slate-600 dark:text-slate-400';

type PriceRangeChartProps = {
  snapshots: readonly V3PositionSnapshot[];
  pool: { token0: TokenRef; token1: TokenRef };
  range: V3Range;
};

/**
 * A tracked position's pool price at each snapshot (from its tick) against the range's edges, under the value
 * chart: when the price left the band and came back. Said in words below the canvas too: the range, the newest
 * price and how many snapshots were in range.
 */
export function PriceRangeChart({ snapshots, pool, range }: PriceRangeChartProps) {
  const points = useMemo(() => pricePointsOf(snapshots, pool), [snapshots, pool]);
  // A bound at an extreme tick (0 or ∞) has no line: it would only flatten the price to the axis.
  const lower = isLowestTick(range.tick_lower) ? null : Number(range.price_lower);
  const upper = isHighestTick(range.tick_upper) ? null : Number(range.price_upper);
  const newest = points.at(-1);
  const inRange = points.filter((point) => point.isInRange).length;
  const rangeText = formatRange({ ...range, pool });
  const rangeName = rangeText === 'full range' ? rangeText : `range ${rangeText}`;
  return (
    <section
      aria-label="price and range"
      className="rounded-md border border-slate-200 bg-white p-3 dark:border-slate-700 dark:bg-slate-900"
    >
      <h3 className="mb-2 text-sm font-semibold text-slate-900 dark:text-slate-100">price and range</h3>
      <div role="img" aria-label={`pool price over time against its ${rangeName}`}>
        {newest ? (
          <Suspense fallback={<p className={`h-40 p-3 ${quiet}`}>loading chart...</p>}>
            <PriceRangeChartCanvas points={points} lower={lower} upper={upper} />
          </Suspense>
        ) : (
          <p className={`p-3 ${quiet}`}>no points to draw yet</p>
        )}
      </div>
      <p className={`mt-1 flex flex-wrap gap-x-4 gap-y-1 ${quiet}`}>
        <span>
          <span className="mr-1 inline-block h-0.5 w-4 bg-violet-600 align-middle dark:bg-violet-400" />
          pool price, {pool.token1.symbol} per {pool.token0.symbol}
          {newest ? ` (newest ${formatChartPrice(newest.price)})` : ''}
        </span>
        <span>
          <span className="mr-1 inline-block w-4 border-t border-dashed border-emerald-700 align-middle dark:border-emerald-400" />
          {rangeName}
        </span>
        <span>
          in range at {inRange} of {formatCount(points.length, 'snapshot')}
        </span>
      </p>
    </section>
  );
}
