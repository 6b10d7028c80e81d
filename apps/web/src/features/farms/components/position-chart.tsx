import { formatUsd } from '../../../lib/format.ts';

export type ChartPoint = { time: string; value: number | null; earned: number | null };

const width = 480;
const height = 160;
const pad = 28;

function toPath(points: ReadonlyArray<{ x: number; y: number | null }>): string {
  let path = '';
  let isDrawing = false;
  for (const point of points) {
    if (point.y === null) {
      // An unknown value breaks the line rather than dropping it to zero.
      isDrawing = false;
      continue;
    }
    path += `${isDrawing ? 'L' : 'M'}${point.x.toFixed(1)},${point.y.toFixed(1)} `;
    isDrawing = true;
  }
  return path.trim();
}

/**
 * Position value and earned USD over time as a small hand-drawn SVG (no chart library for two lines).
 * Points are taken oldest first; unknown values leave gaps.
 */
export function PositionChart({ points }: { points: ReadonlyArray<ChartPoint> }) {
  const sorted = [...points].sort((a, b) => Date.parse(a.time) - Date.parse(b.time));
  const times = sorted.map((point) => Date.parse(point.time));
  const values = sorted
    .flatMap((point) => [point.value, point.earned])
    .filter((v): v is number => v !== null);
  const maxValue = Math.max(1e-9, ...values);
  const minTime = Math.min(...times);
  const span = Math.max(1, Math.max(...times) - minTime);
  const x = (time: number) =>
    sorted.length === 1 ? width / 2 : pad + ((time - minTime) / span) * (width - 2 * pad);
  const y = (value: number | null) =>
    value === null ? null : height - pad - (value / maxValue) * (height - 2 * pad);
  const valueLine = sorted.map((point, index) => ({ x: x(times[index] ?? 0), y: y(point.value) }));
  const earnedLine = sorted.map((point, index) => ({ x: x(times[index] ?? 0), y: y(point.earned) }));
  const latest = sorted.at(-1);

  return (
    <figure className="rounded-md border border-slate-200 bg-white p-3">
      <svg
        role="img"
        aria-label="position value over time"
        viewBox={`0 0 ${width} ${height}`}
        className="h-40 w-full"
      >
        <title>position value over time</title>
        <line x1={pad} y1={height - pad} x2={width - pad} y2={height - pad} className="stroke-slate-300" />
        <text x={pad} y={14} className="fill-slate-500 text-[10px]">
          {formatUsd(maxValue)}
        </text>
        <path d={toPath(valueLine)} fill="none" strokeWidth={2} className="stroke-sky-600" />
        <path
          d={toPath(earnedLine)}
          fill="none"
          strokeWidth={2}
          strokeDasharray="4 3"
          className="stroke-emerald-600"
        />
        {valueLine.map((point, index) =>
          point.y === null ? null : (
            // biome-ignore lint/suspicious/noArrayIndexKey: points are positional and never reorder
            <circle key={`v${index}`} cx={point.x} cy={point.y} r={3} className="fill-sky-600" />
          ),
        )}
        {earnedLine.map((point, index) =>
          point.y === null ? null : (
            // biome-ignore lint/suspicious/noArrayIndexKey: points are positional and never reorder
            <circle key={`e${index}`} cx={point.x} cy={point.y} r={3} className="fill-emerald-600" />
          ),
        )}
      </svg>
      <figcaption className="mt-1 flex flex-wrap gap-4 text-xs text-slate-600">
        <span>
          <span className="mr-1 inline-block h-0.5 w-4 bg-sky-600 align-middle" />
          position value{latest ? ` (${formatUsd(latest.value)} now)` : ''}
        </span>
        <span>
          <span className="mr-1 inline-block h-0.5 w-4 border-t-2 border-dashed border-emerald-600 align-middle" />
          earned USD{latest ? ` (${formatUsd(latest.earned)} now)` : ''}
        </span>
        <span>{sorted.length} snapshots</span>
      </figcaption>
    </figure>
  );
}
