import { type WalletDetailsResponse, walletDetailsResponseSchema } from '@tidewatch/shared';
import { api } from '../../../lib/api-client.ts';
import { apiQueryOptions } from '../../../lib/api-query.ts';
import { walletKeys } from './keys.ts';

/** GET /api/wallets/details/{id}: one of the user's wallets; another user's id answers 404. */
export function getWalletDetails(walletId: string, signal?: AbortSignal): Promise<WalletDetailsResponse> {
  return api.get(`/wallets/details/${encodeURIComponent(walletId)}`, {
    schema: walletDetailsResponseSchema,
    signal,
  });
}

export const walletDetailsQueryOptions = (walletId: string) =>
  apiQueryOptions({ queryKey: walletKeys.details(walletId), fetcher: getWalletDetails, args: [walletId] });
