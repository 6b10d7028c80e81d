import { render, waitFor } from '@testing-library/react';
import type { TickMarkFormatter, TickMarkType, UTCTimestamp } from 'lightweight-charts';
import { describe, expect, it, vi } from 'vitest';
import type { ReturnsChartPoint } from './chart-time-axis.ts';
import ReturnsChartCanvas from './returns-chart-canvas.tsx';

/**
 * jsdom cannot draw lightweight-charts' canvas: a stand-in keeps the options the chart is given, so the
 * labels it would draw under the time axis can be read.
 */
const given = vi.hoisted(() => ({ options: [] as Array<Record<string, unknown>> }));
vi.mock('lightweight-charts', () => {
  const series = () => ({ setData: () => {}, applyOptions: () => {} });
  return {
    LineSeries: {},
    TrackingModeExitMode: { OnTouchEnd: 0 },
    createSeriesMarkers: () => ({ setMarkers: () => {} }),
    createChart: (_: HTMLElement, options: Record<string, unknown>) => {
      given.options.push(options);
      return {
        addSeries: series,
        applyOptions: (options: Record<string, unknown>) => given.options.push(options),
        subscribeCrosshairMove: () => {},
        clearCrosshairPosition: () => {},
        timeScale: () => ({ fitContent: () => {} }),
        remove: () => {},
      };
    },
  };
});

/** The tick formatter the chart was given last. */
function tickLabels(): TickMarkFormatter {
  const formatters = given.options.flatMap((options) => {
    const timeScale = options.timeScale as { tickMarkFormatter?: TickMarkFormatter } | undefined;
    return timeScale?.tickMarkFormatter ? [timeScale.tickMarkFormatter] : [];
  });
  const last = formatters.at(-1);
  if (!last) throw new Error('the chart was given no tick formatter');
  return last;
}

const hour = 3600;
const start = 1_760_000_000;
/** A moment `seconds` after the first point, as the chart hands it to the formatter. */
const at = (seconds: number) => (start + seconds) as UTCTimestamp;
const pointsOver = (count: number, step: number): ReturnsChartPoint[] =>
  Array.from({ length: count }, (_, i) => ({
    time: start + i * step,
    createdOn: new Date((start + i * step) * 1000).toISOString(),
    value: 100,
    hodl: 100,
    rewards: 1,
  }));

// What the chart's own formatter asked for a tick between two points of the range (no day mark).
const timeMark = 3 as TickMarkType;
const dateLabel = /^[A-Z][a-z]{2} \d{1,2}$/;
const timeLabel = /^\d{2}:\d{2}$/;

describe('the returns chart’s time axis', () => {
  it('labels a ten-day range with dates, not hours', async () => {
    given.options = [];
    render(<ReturnsChartCanvas points={pointsOver(11, 24 * hour)} onHover={() => {}} />);
    await waitFor(() => tickLabels());
    const label = tickLabels()(at(5 * 24 * hour + 7 * hour), timeMark, 'en-US');
    expect(label).toMatch(dateLabel);
    expect(label).not.toMatch(timeLabel);
  });

  it('labels a range of a few hours with the time of day', async () => {
    given.options = [];
    render(<ReturnsChartCanvas points={pointsOver(7, hour)} onHover={() => {}} />);
    await waitFor(() => tickLabels());
    expect(tickLabels()(at(3 * hour), timeMark, 'en-US')).toMatch(timeLabel);
  });
});
