import { queryOptions } from '@tanstack/react-query';
import { type WalletListResponse, walletListResponseSchema } from '@tidewatch/shared';
import { api } from '../../../lib/api-client.ts';

/** Every wallet query starts with this key, so a saved wallet refreshes lists and details at once. */
export const walletsQueryKey = ['wallets'] as const;

/** GET /api/wallets/connected: the logged-in user's saved wallets. */
export function getConnectedWallets(signal?: AbortSignal): Promise<WalletListResponse> {
  return api.get('/wallets/connected', { schema: walletListResponseSchema, signal });
}

export function connectedWalletsQueryOptions() {
  return queryOptions({
    queryKey: [...walletsQueryKey, 'connected'],
    queryFn: ({ signal }) => getConnectedWallets(signal),
  });
}
