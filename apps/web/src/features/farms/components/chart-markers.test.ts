import type { ReturnsPoint } from '@tidewatch/shared';
import { describe, expect, it } from 'vitest';
import { priceSourceChangedText, priceSourceMarkers } from './chart-markers.ts';
import { layOutOnTimeAxis, type ReturnsChartPoint, slotTimeOf } from './chart-time-axis.ts';
import { toChartPoints } from './position-chart.tsx';

// Issue 30, finding 1: a change of price source is marked on the chart, never a silent jump.
const day = 86_400;
const start = 1_760_000_000;
const quick = '0x831753DD7087CaC61aB5644b308642cc1c33Dc13';

function wirePoint(time: number, source: string, isChanged: boolean): ReturnsPoint {
  return {
    created_on: new Date(time * 1000).toISOString(),
    block_number: time - start,
    value_usd: source === 'coinmarketcap' ? 500 : 1000,
    hodl_value_usd: 1000,
    rewards_usd: 1,
    price_sources: { [quick]: source },
    price_source_changed: isChanged,
  };
}

describe('the chart marks a change of price source', () => {
  const wire = [
    wirePoint(start, 'pair', false),
    wirePoint(start + day, 'pair', false),
    wirePoint(start + 2 * day, 'coinmarketcap', true),
    wirePoint(start + 3 * day, 'coinmarketcap', false),
  ];

  it('carries the mark from the wire onto the chart points', () => {
    expect(toChartPoints(wire).map((point) => point.priceSourceChanged)).toEqual([false, false, true, false]);
  });

  it("puts one marker with a short text at the changed point's place on the time axis", () => {
    const points = toChartPoints(wire);
    const layout = layOutOnTimeAxis(points);
    const markers = priceSourceMarkers(layout, points);
    expect(markers).toEqual([{ time: slotTimeOf(layout, start + 2 * day), text: priceSourceChangedText }]);
    expect(priceSourceChangedText).toBe('price source changed');
  });

  it('keeps the marker when a newer point is drawn in the same slot', () => {
    const changed: ReturnsChartPoint = { ...toChartPoints([wire[2]!])[0]!, time: start + 2 * day };
    const newer: ReturnsChartPoint = { ...changed, time: start + 2 * day + 60, priceSourceChanged: false };
    const points = [...toChartPoints(wire.slice(0, 2)), changed, newer];
    const layout = layOutOnTimeAxis(points, 3);
    expect(layout.slots.find((slot) => slot.point === newer)).toBeDefined();
    expect(priceSourceMarkers(layout, points)).toEqual([
      { time: slotTimeOf(layout, changed.time), text: priceSourceChangedText },
    ]);
  });

  it('marks nothing when no source changed', () => {
    const points = toChartPoints(wire.slice(0, 2));
    expect(priceSourceMarkers(layOutOnTimeAxis(points), points)).toEqual([]);
  });
});
