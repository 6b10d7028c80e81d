import type { QueryClient } from '@tanstack/react-query';
import { alertKeys } from '../../alerts/keys.ts';
import { farmKeys } from '../api/keys.ts';

/**
 * How long the events of one round may lie apart: the server sends one per (farm, wallet) with a database
 * look-up between two, a few milliseconds each.
 */
const snapshotRoundSettleMs = 300;
/** A round that never goes quiet (many pairs) still refreshes the screen this often. */
const snapshotRoundMaxWaitMs = 2_000;

/**
 * Turns a round of 'snapshot created' events into one refresh: the farm lists, cards, details and the
 * alerts bell are invalidated once the events stop coming (each open list refetches once), instead of once
 * per event (about eleven reloads a round, most cut short by the next).
 */
export function createSnapshotRefresh(queryClient: QueryClient) {
  let settleTimer: ReturnType<typeof setTimeout> | undefined;
  let firstPendingAt: number | undefined;
  const refresh = () => {
    clearTimeout(settleTimer);
    settleTimer = undefined;
    firstPendingAt = undefined;
    void queryClient.invalidateQueries({ queryKey: farmKeys.all });
    // The server tells of a batch once its alerts are written: the bell counts them now.
    void queryClient.invalidateQueries({ queryKey: alertKeys.notifications() });
  };
  return {
    onSnapshotCreated() {
      const now = Date.now();
      firstPendingAt ??= now;
      clearTimeout(settleTimer);
      const wait = Math.min(snapshotRoundSettleMs, firstPendingAt + snapshotRoundMaxWaitMs - now);
      settleTimer = setTimeout(refresh, Math.max(0, wait));
    },
    dispose() {
      clearTimeout(settleTimer);
    },
  };
}
