import { useQuery } from '@tanstack/react-query';
import type { V3Position, V3TrackedPosition } from '@tidewatch/shared/v3-positions';
import { useSessionToken } from '../../../lib/session.ts';
import { positionHistoryQueryOptions } from '../api/get-position-history.ts';
import { trackedPositionsQueryOptions } from '../api/get-tracked-positions.ts';

/** The tracked entry a position's page shows: the wallet that owns it first, when several track it. */
export function trackedEntryFor(
  tracked: readonly V3TrackedPosition[],
  position: Pick<V3Position, 'token_id' | 'owner'>,
): V3TrackedPosition | undefined {
  const owner = position.owner.toLowerCase();
  return tracked
    .filter((entry) => entry.token_id === position.token_id)
    .sort(
      (a, b) =>
        Number(b.wallet_address.toLowerCase() === owner) - Number(a.wallet_address.toLowerCase() === owner),
    )[0];
}

/**
 * The block a tracked position's page shows every figure as of (issue 42): its history's `as_of_block`, the
 * snapshot its returns and books are of. Undefined for a visitor, an untracked position, or before the
 * history has a snapshot: the page then shows the latest read. The same queries as the tracking panel's.
 */
export function useAsOfBlock(position: Pick<V3Position, 'token_id' | 'owner'>): number | undefined {
  const token = useSessionToken();
  const tracked = useQuery({ ...trackedPositionsQueryOptions(), enabled: Boolean(token) });
  const entry = tracked.data ? trackedEntryFor(tracked.data.positions, position) : undefined;
  const history = useQuery({
    ...positionHistoryQueryOptions(position.token_id, entry?.wallet_address ?? ''),
    enabled: entry !== undefined,
  });
  return entry ? (history.data?.as_of_block ?? undefined) : undefined;
}
