import { useEffect, useState } from 'react';

/** How often relative times ('3 minutes ago') are re-read while a page stays open. */
export const relativeTimeRefreshMs = 30_000;

/**
 * The current time in epoch milliseconds: read when the component mounts, then again every `intervalMs`
 * while it stays mounted, so relative times ('just now', '2 minutes ago') move on while the page is open.
 * @example const now = useNow(); formatRelativeTime(snapshot.created_on, now)
 */
export function useNow(intervalMs: number = relativeTimeRefreshMs): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
