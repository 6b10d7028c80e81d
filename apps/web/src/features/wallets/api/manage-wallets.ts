import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Wallet, WalletRemoval } from '@tidewatch/shared';
import { api } from '../../../lib/api-client.ts';
import { loadWalletSchemas, schemaFrom } from '../../../lib/start-up-schemas.ts';
import { walletsQueryKey } from './get-connected-wallets.ts';

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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: walletsQueryKey }),
  });
}

/** What removing a wallet would delete, for the confirmation. */
export function useWalletRemovalPreview(walletId: number, isEnabled: boolean) {
  return useQuery({
    queryKey: [...walletsQueryKey, 'removal', walletId],
    queryFn: ({ signal }): Promise<WalletRemoval> =>
      api.get(`/wallets/${walletId}/removal`, {
        schema: schemaFrom(loadWalletSchemas, 'walletRemovalSchema'),
        signal,
      }),
    enabled: isEnabled,
  });
}

/** Removes a wallet with its tracking (and the history only it kept). */
export function useRemoveWallet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (walletId: number): Promise<WalletRemoval> =>
      api.del(`/wallets/${walletId}`, { schema: schemaFrom(loadWalletSchemas, 'walletRemovalSchema') }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: walletsQueryKey });
      await queryClient.invalidateQueries({ queryKey: ['farms'] });
    },
  });
}
