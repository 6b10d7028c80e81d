import { describeRangePosition, type RangeInput } from '../range-position.ts';

const bandColour = {
  in: 'bg-emerald-300 dark:bg-emerald-700',
  out: 'bg-amber-200 dark:bg-amber-800',
} as const;

/**
 * A position's range as a bar: the band [lower, upper] with the edges' prices under it, the price now as a
 * marker (at the bar's end when far out of range), and in words how far the price is from each edge. The
 * words are real text, and the bar's accessible name says the same in one sentence.
 */
export function RangeBar(props: RangeInput) {
  const range = describeRangePosition(props);
  const isIn = range.side === 'in';
  return (
    <div role="img" aria-label={range.label} className="space-y-1 text-xs">
      <div className="relative h-2 rounded-full bg-slate-100 dark:bg-slate-800">
        <div
          className={`absolute inset-y-0 rounded-full ${isIn ? bandColour.in : bandColour.out}`}
          style={{ left: `${range.band.start}%`, width: `${range.band.end - range.band.start}%` }}
        />
        <div
          data-testid="range-marker"
          className="absolute -top-1 h-4 w-1 -translate-x-1/2 rounded-full bg-slate-900 dark:bg-slate-100"
          style={{ left: `${range.marker}%` }}
        />
      </div>
      <div className="relative h-4 tabular-nums text-slate-500 dark:text-slate-400">
        <span
          className={`absolute ${range.band.start === 0 ? '' : '-translate-x-1/2'}`}
          style={{ left: `${range.band.start}%` }}
        >
          {range.lowerLabel}
        </span>
        <span
          className={`absolute ${range.band.end === 100 ? '-translate-x-full' : '-translate-x-1/2'}`}
          style={{ left: `${range.band.end}%` }}
        >
          {range.upperLabel}
        </span>
      </div>
      <p className="text-slate-700 dark:text-slate-300">
        <span className="tabular-nums">
          now {range.priceLabel} {range.unit}
        </span>
        :{' '}
        <span className={isIn ? '' : 'font-medium text-amber-800 dark:text-amber-300'}>{range.distance}</span>
      </p>
    </div>
  );
}
