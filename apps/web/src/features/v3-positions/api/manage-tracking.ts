import { useIsMutating, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeyRoots } from '../../../lib/query-key-roots.ts';
import { loadV3Schemas, schemaFrom } from '../../../lib/start-up-schemas.ts';
import { invalidateInOtherTabs } from '../../../lib/tab-sync.ts';
import { v3Keys } from './keys.ts';

export type PositionOfWallet = { tokenId: string; walletAddress: string };

// What tracking changes: this feature's answers, the tracked summary's `v3_positions` and the portfolio's totals
// (the dashboard adds V3 positions up with the farms).
const changedKeys = [v3Keys.all, queryKeyRoots.trackedSummary, queryKeyRoots.portfolio] as const;

function useInvalidateTracking() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(changedKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))).then(
      () => undefined,
    );
}

// Track and refresh answer the tracked entry with its newest snapshot.
const trackedEntry = { schema: schemaFrom(loadV3Schemas, 'v3TrackedPositionSchema') };

/**
 * POST /api/quickswap/v3/track: tracks a position with one of the user's saved or watch-only wallets, the
 * one that holds it (the server refuses another, naming `wallet_address`).
 */
export function useTrackPosition() {
  const invalidate = useInvalidateTracking();
  return useMutation({
    mutationFn: ({ tokenId, walletAddress }: PositionOfWallet) =>
      api.post('/quickswap/v3/track', { token_id: tokenId, wallet_address: walletAddress }, trackedEntry),
    meta: invalidateInOtherTabs(...changedKeys),
    onSuccess: invalidate,
  });
}

/** DELETE /api/quickswap/v3/tracked-positions/:id: stops tracking (the tracked entry's id). */
export function useUntrackPosition() {
  const invalidate = useInvalidateTracking();
  return useMutation({
    mutationFn: (trackedId: number) =>
      api.del(`/quickswap/v3/tracked-positions/${encodeURIComponent(String(trackedId))}`),
    meta: invalidateInOtherTabs(...changedKeys),
    onSuccess: invalidate,
  });
}

/**
 * POST …/positions/:token_id/refresh {wallet_address}: a snapshot of a tracked position now, single-flight
 * per (position, wallet) as the farms' refresh is: a card drawn again while it runs shows 'updating', and a
 * second click sends nothing.
 */
export function useRefreshPosition(input: PositionOfWallet) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateTracking();
  const mutationKey = v3Keys.refresh(input.tokenId, input.walletAddress);
  const mutation = useMutation({
    mutationKey,
    mutationFn: ({ tokenId, walletAddress }: PositionOfWallet) =>
      api.post(
        `/quickswap/v3/positions/${encodeURIComponent(tokenId)}/refresh`,
        { wallet_address: walletAddress },
        trackedEntry,
      ),
    meta: invalidateInOtherTabs(...changedKeys),
    onSuccess: invalidate,
  });
  const isUpdating = useIsMutating({ mutationKey, exact: true }) > 0;
  function start() {
    if (queryClient.isMutating({ mutationKey, exact: true }) > 0) return;
    mutation.mutate(input);
  }
  return { start, isUpdating, isError: mutation.isError, error: mutation.error };
}
