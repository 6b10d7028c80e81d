import { partialMatchKey, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { alertKeys } from '../../features/alerts/keys.ts';
import { farmKeys } from '../../features/farms/api/keys.ts';
import { v3Keys } from '../../features/v3-positions/api/keys.ts';

/**
 * How long the events of one round may lie apart: the server sends one per (farm, wallet) with a database
 * look-up between two, a few milliseconds each.
 */
const snapshotRoundSettleMs = 300;
/** A round that never goes quiet (many pairs) still refreshes the screen this often. */
const snapshotRoundMaxWaitMs = 2_000;

/**
 * Turns a round of 'snapshot created' and 'v3 snapshot created' events into one refresh: what they change
 * is invalidated once the events stop coming (each open list refetches once, in one invalidation, so a query
 * two events name is asked for once), instead of once per event (about eleven reloads a round, most cut short
 * by the next). Both tell of a batch once its alerts are written: the bell counts them then.
 */
export function createSnapshotRefresh(queryClient: QueryClient) {
  let settleTimer: ReturnType<typeof setTimeout> | undefined;
  let firstPendingAt: number | undefined;
  let pending: QueryKey[] = [];
  const refresh = () => {
    clearTimeout(settleTimer);
    settleTimer = undefined;
    firstPendingAt = undefined;
    const keys = pending;
    pending = [];
    void queryClient.invalidateQueries({
      predicate: (query) => keys.some((key) => partialMatchKey(query.queryKey, key)),
    });
  };
  const refreshSoon = (keys: QueryKey[]) => {
    pending.push(...keys);
    const now = Date.now();
    firstPendingAt ??= now;
    clearTimeout(settleTimer);
    const wait = Math.min(snapshotRoundSettleMs, firstPendingAt + snapshotRoundMaxWaitMs - now);
    settleTimer = setTimeout(refresh, Math.max(0, wait));
  };
  return {
    /** A V2 pair's snapshot: the farm lists, cards, details, the tracked summary and the bell. */
    onSnapshotCreated() {
      refreshSoon([farmKeys.all, alertKeys.notifications()]);
    },
    /**
     * Tracked V3 positions' snapshots (issue 34): the tracked positions, their histories, the open pages of the
     * positions named, the tracked summary (the dashboard's V3 section), the portfolio's totals and the bell. Not the wallets' lists
     * ('All'), which read the chain.
     */
    onV3SnapshotCreated(tokenIds: readonly string[]) {
      refreshSoon([
        v3Keys.tracked(),
        v3Keys.histories(),
        ...tokenIds.map((tokenId) => v3Keys.position(tokenId)),
        farmKeys.trackedSummary(),
        // The dashboard's totals add V3 positions up too (issue 42).
        farmKeys.portfolio(),
        alertKeys.notifications(),
      ]);
    },
    dispose() {
      clearTimeout(settleTimer);
    },
  };
}
