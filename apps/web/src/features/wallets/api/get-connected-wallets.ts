import type { Wallet, WalletListResponse } from '@tidewatch/shared';
import { api } from '../../../lib/api-client.ts';
import { apiQueryOptions } from '../../../lib/api-query.ts';
import { loadWalletSchemas, schemaFrom } from '../../../lib/start-up-schemas.ts';
import { walletKeys } from './keys.ts';

/** GET /api/wallets/connected: the logged-in user's saved wallets. */
export function getConnectedWallets(signal?: AbortSignal): Promise<WalletListResponse> {
  return api.get('/wallets/connected', {
    schema: schemaFrom(loadWalletSchemas, 'walletListResponseSchema'),
    signal,
  });
}

/**
 * The saved wallets, for every screen that lists or offers them (dashboard, wallets screen, blockchain page,
 * alert settings, the farm card's track chooser): one answer, `{wallets}`, under one key.
 */
export const connectedWalletsQueryOptions = () =>
  apiQueryOptions({
    queryKey: walletKeys.connected(),
    fetcher: getConnectedWallets,
    args: [],
    refetchOnWindowFocus: true,
  });

/** QuickSwap's farms, V3 positions and vaults here are Polygon's (spec section 9): the wallets they are read for. */
const polygonChainId = 137;

/** The saved wallets' one answer narrowed to Polygon wallets, as a `select` (the cache keeps `{wallets}`). */
export const selectPolygonWallets = ({ wallets }: WalletListResponse): Wallet[] =>
  wallets.filter((wallet) => wallet.blockchain.chainId === polygonChainId);
