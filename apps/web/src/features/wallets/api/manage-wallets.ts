import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Wallet, WalletRemoval } from '@tidewatch/shared';
import { api } from '../../../lib/api-client.ts';
import { apiQueryOptions } from '../../../lib/api-query.ts';
import { queryKeyRoots } from '../../../lib/query-key-roots.ts';
import { loadWalletSchemas, schemaFrom } from '../../../lib/start-up-schemas.ts';
import { invalidateInOtherTabs } from '../../../lib/tab-sync.ts';
import { walletKeys } from './keys.ts';

/** Adds an address to follow without signing (watch-only). */
export function useWatchWallet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { address: string; name?: string }): Promise<Wallet> =>
      (
        await api.post('/wallets/watch', input, {
          schema: schemaFrom(loadWalletSchemas, 'walletDetailsResponseSchema'),
        })
      ).wallet,
    meta: invalidateInOtherTabs(walletKeys.saved()),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: walletKeys.saved() }),
  });
}

/** GET /api/wallets/{id}/removal: what removing a wallet would delete, for the confirmation. */
export function getWalletRemoval(walletId: number, signal?: AbortSignal): Promise<WalletRemoval> {
  return api.get(`/wallets/${walletId}/removal`, {
    schema: schemaFrom(loadWalletSchemas, 'walletRemovalSchema'),
    signal,
  });
}

export const walletRemovalQueryOptions = (walletId: number) =>
  apiQueryOptions({ queryKey: walletKeys.removal(walletId), fetcher: getWalletRemoval, args: [walletId] });

/** The removal preview, asked for once the confirmation opens. */
export function useWalletRemovalPreview(walletId: number, isEnabled: boolean) {
  return useQuery({ ...walletRemovalQueryOptions(walletId), enabled: isEnabled });
}

/** Removes a wallet with its tracking (and the history only it kept). */
export function useRemoveWallet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (walletId: number): Promise<WalletRemoval> =>
      api.del(`/wallets/${walletId}`, { schema: schemaFrom(loadWalletSchemas, 'walletRemovalSchema') }),
    meta: invalidateInOtherTabs(walletKeys.saved(), queryKeyRoots.farms),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: walletKeys.saved() });
      // Removing a wallet ends its tracking: every farm answer may change.
      await queryClient.invalidateQueries({ queryKey: queryKeyRoots.farms });
    },
  });
}
