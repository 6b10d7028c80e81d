import { formatRelativeTime } from '../lib/format.ts';
import { useNow } from '../lib/use-now.ts';

export type RelativeTimeProps = {
  /** An ISO-8601 string, a Date or epoch milliseconds. */
  time: string | Date | number;
  className?: string;
};

/**
 * 'just now', '3 minutes ago': a time relative to now that moves on while the page is open. The exact
 * moment is in the element's datetime and, for pointer users, its tooltip.
 */
export function RelativeTime({ time, className }: RelativeTimeProps) {
  const now = useNow();
  const date = time instanceof Date ? time : new Date(time);
  const isValid = !Number.isNaN(date.getTime());
  return (
    <time
      dateTime={isValid ? date.toISOString() : undefined}
      title={isValid ? date.toLocaleString('en-US') : undefined}
      className={className}
    >
      {formatRelativeTime(date, now)}
    </time>
  );
}
