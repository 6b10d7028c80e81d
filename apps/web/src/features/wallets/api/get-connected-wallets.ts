import { queryOptions } from '@tanstack/react-query';
import type { WalletListResponse } from '@tidewatch/shared';
import { api } from '../../../lib/api-client.ts';
import { loadWalletSchemas, schemaFrom } from '../../../lib/start-up-schemas.ts';

/** Every wallet query starts with this key, so a saved wallet refreshes lists and details at once. */
export const walletsQueryKey = ['wallets'] as const;

/** GET /api/wallets/connected: the logged-in user's saved wallets. */
export function getConnectedWallets(signal?: AbortSignal): Promise<WalletListResponse> {
  return api.get('/wallets/connected', {
    schema: schemaFrom(loadWalletSchemas, 'walletListResponseSchema'),
    signal,
  });
}

export function connectedWalletsQueryOptions() {
  return queryOptions({
    queryKey: [...walletsQueryKey, 'connected'],
    queryFn: ({ signal }) => getConnectedWallets(signal),
  });
}
