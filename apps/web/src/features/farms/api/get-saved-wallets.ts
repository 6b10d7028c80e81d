import { queryOptions } from '@tanstack/react-query';
import type { Wallet } from '@tidewatch/shared';
import { api } from '../../../lib/api-client.ts';
import { loadWalletSchemas, schemaFrom } from '../../../lib/start-up-schemas.ts';

/** The user's saved wallets (the track chooser offers the Polygon ones). */
export async function getSavedWallets(signal?: AbortSignal): Promise<Wallet[]> {
  const { wallets } = await api.get('/wallets/connected', {
    schema: schemaFrom(loadWalletSchemas, 'walletListResponseSchema'),
    signal,
  });
  return wallets;
}

export const savedWalletsQueryOptions = () =>
  queryOptions({ queryKey: ['wallets', 'connected'], queryFn: ({ signal }) => getSavedWallets(signal) });
