import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TrackedVaultPositions } from '@tidewatch/shared/vaults';
import { api } from '../../../lib/api-client.ts';
import { apiQueryOptions } from '../../../lib/api-query.ts';
import { queryKeyRoots } from '../../../lib/query-key-roots.ts';
import { loadVaultsSchemas, schemaFrom } from '../../../lib/start-up-schemas.ts';
import { invalidateInOtherTabs } from '../../../lib/tab-sync.ts';
import { vaultsKeys } from './keys.ts';

/** GET /api/quickswap/vaults/tracked: the user's tracked lair and syrup positions, each with its newest snapshot. */
export function getTrackedVaultPositions(signal?: AbortSignal): Promise<TrackedVaultPositions> {
  return api.get('/quickswap/vaults/tracked', {
    schema: schemaFrom(loadVaultsSchemas, 'trackedVaultPositionsSchema'),
    signal,
  });
}

export const trackedVaultPositionsQueryOptions = () =>
  apiQueryOptions({ queryKey: vaultsKeys.tracked(), fetcher: getTrackedVaultPositions, args: [] });

// What tracking changes: the tracked list and the portfolio's totals (the dashboard adds these positions up). Not
// the wallets' holdings: reading them again costs each wallet two chain requests of the user's refresh allowance.
const changedKeys = [vaultsKeys.tracked(), queryKeyRoots.portfolio] as const;

function useInvalidateTracking() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(changedKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))).then(
      () => undefined,
    );
}

/** POST /api/quickswap/vaults/tracked: tracks what a wallet holds in a lair or a syrup pool (first snapshot at once). */
export function useTrackVaultPosition() {
  const invalidate = useInvalidateTracking();
  return useMutation({
    mutationFn: (input: { walletAddress: string; contractAddress: string }) =>
      api.post(
        '/quickswap/vaults/tracked',
        { wallet_address: input.walletAddress, contract_address: input.contractAddress },
        { schema: schemaFrom(loadVaultsSchemas, 'trackedVaultPositionSchema') },
      ),
    meta: invalidateInOtherTabs(...changedKeys),
    onSuccess: invalidate,
  });
}

/** DELETE /api/quickswap/vaults/tracked/:id: stops tracking (its snapshots stay). */
export function useUntrackVaultPosition() {
  const invalidate = useInvalidateTracking();
  return useMutation({
    mutationFn: (id: number) => api.del(`/quickswap/vaults/tracked/${encodeURIComponent(String(id))}`),
    meta: invalidateInOtherTabs(...changedKeys),
    onSuccess: invalidate,
  });
}
