import { queryOptions } from '@tanstack/react-query';
import { type WalletDetailsResponse, walletDetailsResponseSchema } from '@tidewatch/shared';
import { api } from '../../../lib/api-client.ts';
import { walletsQueryKey } from './get-connected-wallets.ts';

/** GET /api/wallets/details/{id}: one of the user's wallets; another user's id answers 404. */
export function getWalletDetails(walletId: string, signal?: AbortSignal): Promise<WalletDetailsResponse> {
  return api.get(`/wallets/details/${encodeURIComponent(walletId)}`, {
    schema: walletDetailsResponseSchema,
    signal,
  });
}

export function walletDetailsQueryOptions(walletId: string) {
  return queryOptions({
    queryKey: [...walletsQueryKey, 'details', walletId],
    queryFn: ({ signal }) => getWalletDetails(walletId, signal),
  });
}
