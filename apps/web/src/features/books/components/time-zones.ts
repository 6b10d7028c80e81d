/** Whether `name` is an IANA time zone this browser knows, e.g. 'Europe/Berlin' (the server checks it again). */
export function isTimeZone(name: string): boolean {
  if (name.trim() === '' || name !== name.trim()) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The browser's own time zone, offered beside UTC; undefined when the browser does not say. */
export function browserTimeZone(): string | undefined {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isTimeZone(zone) ? zone : undefined;
}

/** The calendar year it is now in `timeZone` (on New Year's Eve UTC and Tokyo differ). */
export function currentYearIn(timeZone: string, now: number = Date.now()): number {
  return Number(new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric' }).format(now));
}
