import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChainWalletHistory, TrackedChainWallets } from '@tidewatch/shared/chains';
import { api } from '../../../lib/api-client.ts';
import { apiQueryOptions } from '../../../lib/api-query.ts';
import { queryKeyRoots } from '../../../lib/query-key-roots.ts';
import { loadChainsSchemas, schemaFrom } from '../../../lib/start-up-schemas.ts';
import { invalidateInOtherTabs } from '../../../lib/tab-sync.ts';
import { chainsKeys } from './keys.ts';

/** GET /api/quickswap/chains/tracked: the user's tracked wallets on chains beside Polygon. */
export function getTrackedChainWallets(signal?: AbortSignal): Promise<TrackedChainWallets> {
  return api.get('/quickswap/chains/tracked', {
    schema: schemaFrom(loadChainsSchemas, 'trackedChainWalletsSchema'),
    signal,
  });
}

export const trackedChainWalletsQueryOptions = () =>
  apiQueryOptions({ queryKey: chainsKeys.tracked(), fetcher: getTrackedChainWallets, args: [] });

/** GET /api/quickswap/chains/tracked/:id/history: a tracked wallet's values over time, newest first. */
export function getChainWalletHistory(id: number, signal?: AbortSignal): Promise<ChainWalletHistory> {
  return api.get(`/quickswap/chains/tracked/${encodeURIComponent(String(id))}/history`, {
    schema: schemaFrom(loadChainsSchemas, 'chainWalletHistorySchema'),
    signal,
  });
}

export const chainWalletHistoryQueryOptions = (id: number) =>
  apiQueryOptions({ queryKey: chainsKeys.history(id), fetcher: getChainWalletHistory, args: [id] });

// What tracking changes: the tracked list and the portfolio (the dashboard adds the wallet's positions up). Not the
// holdings: reading them again costs a chain request of the user's refresh allowance.
const changedKeys = [chainsKeys.tracked(), queryKeyRoots.portfolio] as const;

function useInvalidateTracking() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(changedKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))).then(
      () => undefined,
    );
}

/** POST /api/quickswap/chains/:chain_id/tracked: tracks a wallet on that chain (its first snapshot at once). */
export function useTrackChainWallet() {
  const invalidate = useInvalidateTracking();
  return useMutation({
    mutationFn: (input: { chainId: number; walletAddress: string }) =>
      api.post(
        `/quickswap/chains/${input.chainId}/tracked`,
        { wallet_address: input.walletAddress },
        { schema: schemaFrom(loadChainsSchemas, 'trackedChainWalletSchema') },
      ),
    meta: invalidateInOtherTabs(...changedKeys),
    onSuccess: invalidate,
  });
}

/** DELETE /api/quickswap/chains/tracked/:id: stops tracking (its snapshots stay). */
export function useUntrackChainWallet() {
  const invalidate = useInvalidateTracking();
  return useMutation({
    mutationFn: (id: number) => api.del(`/quickswap/chains/tracked/${encodeURIComponent(String(id))}`),
    meta: invalidateInOtherTabs(...changedKeys),
    onSuccess: invalidate,
  });
}
