import { isTimeZone } from '@tidewatch/shared/ledger';

/** The browser's own time zone, offered beside UTC; undefined when the browser does not say. */
export function browserTimeZone(): string | undefined {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isTimeZone(zone) ? zone : undefined;
}
