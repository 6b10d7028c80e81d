import { queryOptions } from '@tanstack/react-query';
import type { WalletCatalogueResponse } from '@tidewatch/shared';
import { api } from '../../../lib/api-client.ts';
import { loadWalletSchemas, schemaFrom } from '../../../lib/start-up-schemas.ts';

/** GET /api/blockchains/wallets: the wallet services one can connect, with their blockchains. */
export function getWalletCatalogue(signal?: AbortSignal): Promise<WalletCatalogueResponse> {
  return api.get('/blockchains/wallets', {
    schema: schemaFrom(loadWalletSchemas, 'walletCatalogueResponseSchema'),
    signal,
  });
}

export function walletCatalogueQueryOptions() {
  return queryOptions({
    queryKey: ['blockchains', 'wallets'],
    queryFn: ({ signal }) => getWalletCatalogue(signal),
    // The catalogue is seeded server-side and changes with deployments only.
    staleTime: 5 * 60_000,
  });
}
