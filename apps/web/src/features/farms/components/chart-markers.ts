import { type ReturnsChartPoint, slotTimeOf, type TimeAxisLayout } from './chart-time-axis.ts';

/** The marker's text on the chart: short, the values line and the note under the chart say more. */
export const priceSourceChangedText = 'price source changed';

/** A marker on the value line: its time on the axis (a slot's) and its text. */
export type ChartMarker = { time: number; text: string };

/**
 * A marker for each point whose price source differs from the point before (issue 30, decision 021), at the
 * slot it falls in: also when a newer point is the one drawn there, so a jump is never left unmarked.
 * One marker per slot, oldest first.
 *
 * @example priceSourceMarkers(layout, points) // [{ time: 1760172800, text: 'price source changed' }]
 */
export function priceSourceMarkers(layout: TimeAxisLayout, points: ReturnsChartPoint[]): ChartMarker[] {
  const times = new Set<number>();
  for (const point of points) {
    if (!point.priceSourceChanged) continue;
    const time = slotTimeOf(layout, point.time);
    if (time !== null) times.add(time);
  }
  return [...times].sort((a, b) => a - b).map((time) => ({ time, text: priceSourceChangedText }));
}
