/**
 * The position chart's time axis, kept apart from the drawing so it can be tested and extended (a marker
 * at a moment finds its place with `slotTimeOf`). lightweight-charts gives every time it holds one equal
 * step across the pane, so points spaced by time need a grid of evenly spaced times under them: the
 * layout lays the points on such a grid, and the empty slots are drawn as whitespace the lines cross.
 */

import { formatCount } from '../../../lib/format.ts';

export const chartRanges = ['7d', '30d', '90d', 'all'] as const;
export type ChartRange = (typeof chartRanges)[number];

/** A chart point: seconds since the epoch, USD figures (null = unknown). */
export type ReturnsChartPoint = {
  time: number;
  createdOn: string;
  value: number | null;
  hodl: number | null;
  rewards: number | null;
  /** A token's price came from another source than at the point before (a marker on the chart). */
  priceSourceChanged?: boolean;
};

/** One evenly spaced time of the axis, with the point drawn there (null: nothing, the lines cross it). */
type TimeSlot = { time: number; point: ReturnsChartPoint | null };
export type TimeAxisLayout = {
  /** Oldest first; consecutive times are `step` seconds apart. */
  slots: TimeSlot[];
  step: number;
};

const daySeconds = 86_400;
const rangeDays = { '7d': 7, '30d': 30, '90d': 90 } as const satisfies Record<
  Exclude<ChartRange, 'all'>,
  number
>;

/**
 * About one slot per pixel column of a wide chart: finer would only add whitespace, coarser would merge
 * points a person could tell apart.
 */
const defaultSlotCount = 1_000;

/**
 * The points a range button shows: those of the last 7, 30 or 90 days, counted back from now or from the
 * newest point when that is later (a chain clock ahead of this one); 'all' keeps every point.
 */
export function pointsInRange(
  points: ReturnsChartPoint[],
  range: ChartRange,
  nowSeconds: number,
): ReturnsChartPoint[] {
  if (range === 'all') return points;
  const end = Math.max(nowSeconds, points.at(-1)?.time ?? nowSeconds);
  const from = end - rangeDays[range] * daySeconds;
  return points.filter((point) => point.time >= from);
}

/** The count under the chart: '1 point', '12 points'. */
export function pointCountText(count: number): string {
  return formatCount(count, 'point');
}

/**
 * Lays points (oldest first) on at most `slotCount` evenly spaced times from the first point to the last,
 * so a point's place across the chart is its share of the time span and a gap in time is a gap on the
 * screen. Points closer together than one slot share it, and the newest of them is drawn.
 *
 * @example layOutOnTimeAxis(pointsInRange(points, '30d', Date.now() / 1000)).slots // one per slot
 */
export function layOutOnTimeAxis(points: ReturnsChartPoint[], slotCount = defaultSlotCount): TimeAxisLayout {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return { slots: [], step: 1 };
  // Whole seconds: the chart's times are UTC timestamps in seconds, strictly increasing.
  const step = Math.max(1, Math.ceil((last.time - first.time) / Math.max(1, slotCount - 1)));
  const slots: TimeSlot[] = Array.from(
    { length: Math.floor((last.time - first.time) / step) + 1 },
    (_, i) => ({
      time: first.time + i * step,
      point: null,
    }),
  );
  for (const point of points) {
    const slot = slots[Math.floor((point.time - first.time) / step)];
    if (slot) slot.point = point;
  }
  return { slots, step };
}

/**
 * Over this span the axis labels dates: ten days labelled '09:00', '14:00', … never said which day. The
 * chart's own labels could not tell either: its day marks fall on the spacing slots, which draw no label.
 */
const dateLabelSpan = 2 * daySeconds;

const labelFormats = {
  date: { month: 'short', day: 'numeric' },
  time: { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  dateAndTime: { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

// One formatter per format and zone, built on first use (building one loads its locale data).
const labelFormatters = new Map<string, Intl.DateTimeFormat>();
function formatMoment(seconds: number, format: keyof typeof labelFormats, timeZone?: string): string {
  const key = `${format}:${timeZone ?? ''}`;
  let formatter = labelFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { ...labelFormats[format], timeZone });
    labelFormatters.set(key, formatter);
  }
  return formatter.format(seconds * 1000);
}

/**
 * A tick label of the time axis for a range spanning `spanSeconds`, in the reader's time zone (or
 * `timeZone`): its date ('Mar 5') when the range is longer than two days, else its time of day ('14:05').
 */
export function axisTickLabel(seconds: number, spanSeconds: number, timeZone?: string): string {
  return formatMoment(seconds, spanSeconds > dateLabelSpan ? 'date' : 'time', timeZone);
}

/** The crosshair's label of a moment: date and time ('Mar 5, 14:05'), in the same zone as the ticks. */
export function crosshairTimeLabel(seconds: number, timeZone?: string): string {
  return formatMoment(seconds, 'dateAndTime', timeZone);
}

/** The time the layout spans, first slot to last (0 for one point or none). */
export function layoutSpan(layout: TimeAxisLayout): number {
  const first = layout.slots[0];
  const last = layout.slots.at(-1);
  return first && last ? last.time - first.time : 0;
}

/** The axis time at which a moment is drawn (a marker's place), or null outside the layout. */
export function slotTimeOf(layout: TimeAxisLayout, seconds: number): number | null {
  const first = layout.slots[0];
  if (!first) return null;
  const slot = layout.slots[Math.floor((seconds - first.time) / layout.step)];
  return slot?.time ?? null;
}
