import { useQuery } from '@tanstack/react-query';
import { isSameAddress } from '@tidewatch/shared/same-address';
import type { V3Position, V3TrackedPosition } from '@tidewatch/shared/v3-positions';
import { useSessionToken } from '../../../lib/session.ts';
import { positionHistoryQueryOptions } from '../api/get-position-history.ts';
import { trackedPositionsQueryOptions } from '../api/get-tracked-positions.ts';

/** The tracked entry a position's page shows: the wallet that owns it first, when several track it. */
export function trackedEntryFor(
  tracked: readonly V3TrackedPosition[],
  position: Pick<V3Position, 'token_id' | 'owner'>,
): V3TrackedPosition | undefined {
  return tracked
    .filter((entry) => entry.token_id === position.token_id)
    .sort(
      (a, b) =>
        Number(isSameAddress(b.wallet_address, position.owner)) -
        Number(isSameAddress(a.wallet_address, position.owner)),
    )[0];
}

/**
 * The block a tracked position's card is read at (issue 42): its newest snapshot's, the moment its snapshots,
 * the dashboard and its alerts speak of, so an 'out of range' alert leads to a page that shows it. The returns
 * and books wait for final events and say their own block. Undefined for a visitor, an untracked position, or
 * before the first snapshot: the card then shows the latest read. The same queries as the tracking panel's.
 */
export function useAsOfBlock(position: Pick<V3Position, 'token_id' | 'owner'>): number | undefined {
  const token = useSessionToken();
  const tracked = useQuery({ ...trackedPositionsQueryOptions(), enabled: Boolean(token) });
  const entry = tracked.data ? trackedEntryFor(tracked.data.positions, position) : undefined;
  const history = useQuery({
    ...positionHistoryQueryOptions(position.token_id, entry?.wallet_address ?? ''),
    enabled: entry !== undefined,
  });
  const blocks = entry ? (history.data?.snapshots.map((s) => s.block_number) ?? []) : [];
  return blocks.length > 0 ? Math.max(...blocks) : undefined;
}
