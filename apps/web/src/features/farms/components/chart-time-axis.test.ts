import { describe, expect, it } from 'vitest';
import {
  axisTickLabel,
  crosshairTimeLabel,
  layOutOnTimeAxis,
  pointCountText,
  pointsInRange,
  type ReturnsChartPoint,
  slotTimeOf,
  type TimeAxisLayout,
} from './chart-time-axis.ts';

const day = 86_400;
const minute = 60;
const start = 1_760_000_000;

const pointAt = (time: number, value = 100): ReturnsChartPoint => ({
  time,
  createdOn: new Date(time * 1000).toISOString(),
  value,
  hodl: value,
  rewards: 1,
});

/**
 * Where lightweight-charts draws a moment across the pane, from 0 (left) to 1 (right): it gives every time
 * the chart holds (any series' data or whitespace) one equal step, so a time's place is its index among
 * all of them.
 */
function drawnFraction(layout: TimeAxisLayout, point: ReturnsChartPoint): number {
  const times = layout.slots.map((slot) => slot.time);
  const index = times.indexOf(slotTimeOf(layout, point.time) ?? Number.NaN);
  expect(index, `the moment ${point.createdOn} is on the axis`).toBeGreaterThanOrEqual(0);
  return times.length === 1 ? 0 : index / (times.length - 1);
}

// Ten days of daily history, then twenty minutes of per-minute automatic snapshots (issue 30).
const daily = Array.from({ length: 11 }, (_, i) => pointAt(start + i * day));
const lastDaily = daily.at(-1)!;
const perMinute = Array.from({ length: 20 }, (_, i) => pointAt(lastDaily.time + (i + 1) * minute));
const history = [...daily, ...perMinute];
const newest = perMinute.at(-1)!;

describe('the chart spaces points by time, not by count', () => {
  it('puts each point at its share of the time span: ten days fill nearly all the width', () => {
    const layout = layOutOnTimeAxis(history);
    const span = newest.time - start;
    for (const point of [daily[0]!, daily[1]!, daily[5]!, lastDaily, perMinute[9]!, newest]) {
      // One slot of the grid at most (the chart keeps about a thousand, one per pixel column or finer).
      expect(drawnFraction(layout, point)).toBeCloseTo((point.time - start) / span, 2);
    }
    // The day between the first two points is as wide as any other day; the twenty minutes are a sliver.
    expect(drawnFraction(layout, lastDaily)).toBeGreaterThan(0.99);
  });

  it('draws the newest of points closer together than one slot, in time order', () => {
    const layout = layOutOnTimeAxis(history, 100);
    const drawn = layout.slots.flatMap((slot) => (slot.point ? [slot.point] : []));
    // Every day is a slot of its own; the twenty minutes share the last one, drawn as the newest point.
    expect(drawn).toEqual([...daily.slice(0, -1), newest]);
    expect(layout.slots.length).toBeLessThanOrEqual(100);
    const times = layout.slots.map((slot) => slot.time);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(new Set(times).size).toBe(times.length);
  });

  it('draws a single point at the left edge', () => {
    const layout = layOutOnTimeAxis([newest]);
    expect(layout.slots).toEqual([{ time: newest.time, point: newest }]);
  });
});

describe('the range buttons keep only the points inside the range', () => {
  const points = Array.from({ length: 40 }, (_, i) => pointAt(start + i * day));
  const newestTime = points.at(-1)!.time;

  it.each([
    ['7d', 8],
    ['30d', 31],
    ['90d', 40],
    ['all', 40],
  ] as const)('%s keeps %i points, ending at the newest', (range, count) => {
    const kept = pointsInRange(points, range, newestTime);
    expect(kept).toHaveLength(count);
    expect(kept.at(-1)!.time).toBe(newestTime);
    if (range !== 'all' && range !== '90d') {
      const days = Number.parseInt(range, 10);
      expect(kept.every((point) => point.time >= newestTime - days * day)).toBe(true);
    }
  });

  it('measures the range back from now when the newest point is older', () => {
    const now = newestTime + 5 * day;
    expect(pointsInRange(points, '7d', now)).toHaveLength(3);
  });
});

describe('the point count under the chart', () => {
  it.each([
    [0, '0 points'],
    [1, '1 point'],
    [12, '12 points'],
  ])('%i reads "%s"', (count, text) => {
    expect(pointCountText(count)).toBe(text);
  });
});

describe('the time axis labels', () => {
  // 2025-10-09 08:53:20 UTC.
  const moment = start;

  it('labels dates on a range of more than two days, not hours that never say which day', () => {
    expect(axisTickLabel(moment, 10 * day, 'UTC')).toBe('Oct 9');
    expect(axisTickLabel(moment + 3 * day, 10 * day, 'UTC')).toBe('Oct 12');
  });

  it('labels the time of day on a range of two days or less', () => {
    expect(axisTickLabel(moment, 2 * day, 'UTC')).toBe('08:53');
    expect(axisTickLabel(moment, 20 * minute, 'UTC')).toBe('08:53');
  });

  it('says the date in the reader’s time zone', () => {
    expect(axisTickLabel(moment + 16 * 3600, 30 * day, 'UTC')).toBe('Oct 10');
    expect(axisTickLabel(moment + 16 * 3600, 30 * day, 'America/New_York')).toBe('Oct 9');
  });

  it('gives the crosshair the date and the time', () => {
    expect(crosshairTimeLabel(moment, 'UTC')).toBe('Oct 9, 08:53');
  });
});
