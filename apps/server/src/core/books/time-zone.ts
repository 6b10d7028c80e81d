/**
 * Calendar times in a user's time zone with the runtime's own IANA data (Intl), no library: a ledger row's
 * local time, and where a calendar year starts and ends.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone: building one costs more than formatting a thousand rows. */
function formatterOf(tz: string): Intl.DateTimeFormat {
  let formatter = formatters.get(tz);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(tz, formatter);
  }
  return formatter;
}

type WallClock = { year: number; month: number; day: number; hour: number; minute: number; second: number };

function wallClockOf(instant: Date, tz: string): WallClock {
  const parts = Object.fromEntries(
    formatterOf(tz)
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

const two = (value: number) => String(value).padStart(2, '0');

/**
 * An instant as the wall clock of `tz` shows it, 'YYYY-MM-DD HH:mm:ss'.
 * @example localTime('2025-12-31T23:30:00.000Z', 'Europe/Berlin') // '2026-01-01 00:30:00'
 */
export function localTime(iso: string, tz: string): string {
  const c = wallClockOf(new Date(iso), tz);
  return `${c.year}-${two(c.month)}-${two(c.day)} ${two(c.hour)}:${two(c.minute)}:${two(c.second)}`;
}

/** How far `tz`'s wall clock is ahead of UTC at `instant`, in ms. */
function offsetMs(instant: number, tz: string): number {
  const c = wallClockOf(new Date(instant), tz);
  const asUtc = Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The instant `tz`'s wall clock reads Jan 1 00:00:00 of `year` (offsets re-checked once, across a change). */
function startOfYear(year: number, tz: string): number {
  const wall = Date.UTC(year, 0, 1);
  const first = wall - offsetMs(wall, tz);
  return wall - offsetMs(first, tz);
}

/**
 * A calendar year in `tz` as instants: from Jan 1 00:00 (inclusive) to the next Jan 1 00:00 (exclusive),
 * i.e. Dec 31 24:00.
 */
export function yearBounds(year: number, tz: string): { from: Date; to: Date } {
  return { from: new Date(startOfYear(year, tz)), to: new Date(startOfYear(year + 1, tz)) };
}
