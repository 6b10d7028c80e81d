import { queryOptions } from '@tanstack/react-query';
import { type WalletCatalogueResponse, walletCatalogueResponseSchema } from '@tidewatch/shared';
import { api } from '../../../lib/api-client.ts';

/** GET /api/blockchains/wallets: the wallet services one can connect, with their blockchains. */
export function getWalletCatalogue(signal?: AbortSignal): Promise<WalletCatalogueResponse> {
  return api.get('/blockchains/wallets', { schema: walletCatalogueResponseSchema, signal });
}

export function walletCatalogueQueryOptions() {
  return queryOptions({
    queryKey: ['blockchains', 'wallets'],
    queryFn: ({ signal }) => getWalletCatalogue(signal),
    // The catalogue is seeded server-side and changes with deployments only.
    staleTime: 5 * 60_000,
  });
}
