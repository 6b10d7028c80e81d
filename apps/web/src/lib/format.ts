import { unknownValue } from '@tidewatch/shared/format';

// Money, addresses and 'unknown' read the same in the app, its e-mails and its tests: one implementation, shared.
export { formatSignedUsd, formatUsd, shortenAddress } from '@tidewatch/shared/format';

/**
 * One formatter per options, built on first use: building an Intl formatter loads its locale data, which took
 * about a tenth of the app's start-up task on a throttled phone, and the landing page formats no figure.
 */
function lazyFormatter<F>(create: () => F): () => F {
  let formatter: F | undefined;
  return () => {
    formatter ??= create();
    return formatter;
  };
}

const percentFormatter = lazyFormatter(
  () =>
    new Intl.NumberFormat('en-US', {
      style: 'percent',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }),
);

const relativeFormatter = lazyFormatter(() => new Intl.RelativeTimeFormat('en', { numeric: 'always' }));

type Numeric = number | string | null | undefined;

function toFiniteNumber(value: Numeric): number | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(number) ? number : undefined;
}

/**
 * A fraction (0..1, as the API sends shares) as a percentage with two fraction digits.
 * @example formatPercent(0.1234) // '12.34%'
 */
export function formatPercent(fraction: Numeric): string {
  const number = toFiniteNumber(fraction);
  return number === undefined ? unknownValue : percentFormatter().format(number);
}

const units: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** Any time less than a minute from now, either side (a fresh snapshot, a server clock a little ahead). */
const justNow = 'just now';

/**
 * A time relative to now, e.g. 'just now', '3 minutes ago' or 'in 2 hours'. Accepts ISO-8601 strings.
 * Under a minute either way reads 'just now': seconds would be stale before anyone read them.
 * @example formatRelativeTime('2024-01-01T12:00:00Z', new Date('2024-01-01T12:03:00Z')) // '3 minutes ago'
 */
export function formatRelativeTime(time: Date | string | number, now: Date | number = Date.now()): string {
  const then = time instanceof Date ? time.getTime() : new Date(time).getTime();
  if (Number.isNaN(then)) return unknownValue;
  const nowMs = now instanceof Date ? now.getTime() : now;
  const seconds = Math.round((then - nowMs) / 1000);
  for (const [unit, size] of units) {
    if (Math.abs(seconds) >= size) return relativeFormatter().format(Math.trunc(seconds / size), unit);
  }
  return justNow;
}

/**
 * A pool's pair as every farm screen names it (cards, details, dashboard summary, LP tools tree).
 * The import wizard's completion text keeps its own 'import {symbol0}-{symbol1} completed!'.
 * @example formatPair({ token0: { symbol: 'USDC' }, token1: { symbol: 'WMATIC' } }) // 'USDC / WMATIC'
 */
export function formatPair(pool: { token0: { symbol: string }; token1: { symbol: string } }): string {
  return `${pool.token0.symbol} / ${pool.token1.symbol}`;
}

/**
 * A count with its noun in the right number (en-US grouping): every count the app shows goes through it.
 * @example formatCount(1, 'farm') // '1 farm'; formatCount(1226, 'farm') // '1,226 farms'
 * @example formatCount(3, 'entry', 'entries') // '3 entries'
 */
export function formatCount(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
}
