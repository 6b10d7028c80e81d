import type { AutomaticSnapshot } from '@tidewatch/shared';
import { formatRelativeTime } from '../../../lib/format.ts';
import { useNow } from '../../../lib/use-now.ts';

/**
 * One line under a tracked pair: when its next automatic snapshot is due, or, when the last automatic one
 * failed, when and why ('last automatic snapshot failed 5 minutes ago: the RPC timed out').
 */
export function AutomaticSnapshotLine({ schedule }: { schedule: AutomaticSnapshot | null | undefined }) {
  const now = useNow();
  if (!schedule) return null;
  if (schedule.last_error && schedule.last_error_at) {
    return (
      <p role="status" className="mt-1 text-xs text-red-700 dark:text-red-300">
        last automatic snapshot failed {formatRelativeTime(schedule.last_error_at, now)}:{' '}
        {schedule.last_error}
      </p>
    );
  }
  const due = new Date(schedule.next_at).getTime();
  return (
    <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
      next automatic snapshot {due - now < 60_000 ? 'due now' : formatRelativeTime(schedule.next_at, now)}
    </p>
  );
}
