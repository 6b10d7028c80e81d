import {
  createChart,
  createSeriesMarkers,
  type IChartApi,
  type ISeriesApi,
  type ISeriesMarkersPluginApi,
  type LineData,
  LineSeries,
  type Time,
  TrackingModeExitMode,
  type UTCTimestamp,
  type WhitespaceData,
} from 'lightweight-charts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { priceSourceMarkers } from './chart-markers.ts';
import {
  axisTickLabel,
  crosshairTimeLabel,
  layOutOnTimeAxis,
  layoutSpan,
  type ReturnsChartPoint,
  type TimeAxisLayout,
} from './chart-time-axis.ts';

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

/** A change of price source: amber-700 / amber-300, apart from the three lines' colours. */
const markerColours = { light: '#b45309', dark: '#fcd34d' } as const satisfies Record<Scheme, string>;

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

/** Whitespace for an unknown value: the line breaks instead of falling to zero. */
function toData(layout: TimeAxisLayout, pick: (p: ReturnsChartPoint) => number | null) {
  return layout.slots.flatMap(({ time, point }): (LineData<Time> | WhitespaceData<Time>)[] => {
    if (!point) return [];
    const value = pick(point);
    return [value === null ? { time: time as UTCTimestamp } : { time: time as UTCTimestamp, value }];
  });
}

/** Every slot of the axis, as whitespace: the times that space the points by time (chart-time-axis.ts). */
const toSpacerData = (layout: TimeAxisLayout): WhitespaceData<Time>[] =>
  layout.slots.map(({ time }) => ({ time: time as UTCTimestamp }));

/**
 * The canvas half of the position chart (lightweight-charts, loaded only by the pages that draw it):
 * a time axis spaced by time, a USD axis, and a crosshair reporting the point under it that lets go when
 * the mouse leaves or the finger lifts.
 */
export default function ReturnsChartCanvas({
  points,
  onHover,
}: {
  /** The range's points, oldest first, one per second at most (the chart needs strictly increasing times). */
  points: ReturnsChartPoint[];
  onHover: (point: ReturnsChartPoint | null) => void;
}) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const series = useRef<ISeriesApi<'Line'>[]>([]);
  const spacer = useRef<ISeriesApi<'Line'> | null>(null);
  const markers = useRef<ISeriesMarkersPluginApi<Time> | null>(null);
  const layout = useMemo(() => layOutOnTimeAxis(points), [points]);
  const pointsBySlot = useRef(new Map<number, ReturnsChartPoint>());
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
      // Grid lines, tick marks and the crosshair keep to times that hold a point, not the spacing slots.
      // The range's first and last points sit on the pane's edges: nothing to scroll to beyond them.
      timeScale: {
        timeVisible: true,
        secondsVisible: false,
        ignoreWhitespaceIndices: true,
        fixLeftEdge: true,
        fixRightEdge: true,
      },
      // A long press on a phone shows the crosshair; lifting the finger lets it go (the default waits
      // for another tap, so the figures stuck to the last point touched).
      trackingMode: { exitMode: TrackingModeExitMode.OnTouchEnd },
      localization: {
        // The crosshair says the day and the time, in the reader's zone as the axis labels are.
        timeFormatter: (time: Time) => crosshairTimeLabel(time as number),
        priceFormatter: (value: number) =>
          value.toLocaleString('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 2 }),
      },
    });
    series.current = chartSeries.map((s) =>
      created.addSeries(LineSeries, {
        color: s.color[initialScheme.current],
        lineWidth: 2,
        title: s.title,
        priceLineVisible: false,
      }),
    );
    // A change of price source is marked on the position value's line (issue 30, decision 021).
    const [valueLine] = series.current;
    markers.current = valueLine ? createSeriesMarkers(valueLine, []) : null;
    // Whitespace only: it holds the evenly spaced times, and the lines above cross them unbroken.
    spacer.current = created.addSeries(LineSeries, {
      lastValueVisible: false,
      priceLineVisible: false,
      crosshairMarkerVisible: false,
    });
    created.subscribeCrosshairMove((param) => {
      const time = param.time as number | undefined;
      onHover(time === undefined ? null : (pointsBySlot.current.get(time) ?? null));
    });
    // Whatever the gesture (a tap, a drag the chart took as a scroll), the figures let go with the finger.
    const letGo = () => {
      created.clearCrosshairPosition();
      onHover(null);
    };
    const element = container.current;
    element.addEventListener('touchend', letGo);
    element.addEventListener('touchcancel', letGo);
    chart.current = created;
    return () => {
      element.removeEventListener('touchend', letGo);
      element.removeEventListener('touchcancel', letGo);
      created.remove();
      chart.current = null;
      markers.current = null;
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
    if (!chart.current || !spacer.current || !value || !hodl || !rewards) return;
    pointsBySlot.current = new Map(
      layout.slots.flatMap(({ time, point }) => (point ? [[time, point] as const] : [])),
    );
    spacer.current.setData(toSpacerData(layout));
    value.setData(toData(layout, (p) => p.value));
    hodl.setData(toData(layout, (p) => p.hodl));
    rewards.setData(toData(layout, (p) => p.rewards));
    // Two points or fewer make no line worth the name: their dots show where they are.
    for (const line of series.current)
      line.applyOptions({ pointMarkersVisible: pointsBySlot.current.size < 3 });
    // Labels by the range's span: dates over more than two days (the chart's own named only hours).
    const span = layoutSpan(layout);
    chart.current.applyOptions({
      timeScale: { tickMarkFormatter: (time: Time) => axisTickLabel(time as number, span) },
    });
    chart.current.timeScale().fitContent();
  }, [layout]);

  useEffect(() => {
    markers.current?.setMarkers(
      priceSourceMarkers(layout, points).map(({ time, text }) => ({
        time: time as UTCTimestamp,
        position: 'aboveBar',
        shape: 'arrowDown',
        color: markerColours[scheme],
        text,
      })),
    );
  }, [layout, points, scheme]);

  return <div ref={container} data-testid="returns-chart-canvas" className="h-56 w-full" />;
}
