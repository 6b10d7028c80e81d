import type { WalletCatalogueResponse } from '@tidewatch/shared';
import { api } from '../../../lib/api-client.ts';
import { apiQueryOptions } from '../../../lib/api-query.ts';
import { loadWalletSchemas, schemaFrom } from '../../../lib/start-up-schemas.ts';
import { walletKeys } from './keys.ts';

/** GET /api/blockchains/wallets: the wallet services one can connect, with their blockchains. */
export function getWalletCatalogue(signal?: AbortSignal): Promise<WalletCatalogueResponse> {
  return api.get('/blockchains/wallets', {
    schema: schemaFrom(loadWalletSchemas, 'walletCatalogueResponseSchema'),
    signal,
  });
}

export const walletCatalogueQueryOptions = () =>
  apiQueryOptions({
    queryKey: walletKeys.catalogue(),
    fetcher: getWalletCatalogue,
    args: [],
    // The catalogue is seeded server-side and changes with deployments only.
    staleTime: 5 * 60_000,
  });
