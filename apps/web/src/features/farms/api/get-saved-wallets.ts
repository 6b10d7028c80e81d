import { queryOptions } from '@tanstack/react-query';
import { type Wallet, walletListResponseSchema } from '@tidewatch/shared';
import { api } from '../../../lib/api-client.ts';

/** The user's saved wallets (the track chooser offers the Polygon ones). */
export async function getSavedWallets(signal?: AbortSignal): Promise<Wallet[]> {
  const { wallets } = await api.get('/wallets/connected', { schema: walletListResponseSchema, signal });
  return wallets;
}

export const savedWalletsQueryOptions = () =>
  queryOptions({ queryKey: ['wallets', 'connected'], queryFn: ({ signal }) => getSavedWallets(signal) });
