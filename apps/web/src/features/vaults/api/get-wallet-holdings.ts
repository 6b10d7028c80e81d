import type { VaultsWalletPositions } from '@tidewatch/shared/vaults';
import { api } from '../../../lib/api-client.ts';
import { apiQueryOptions } from '../../../lib/api-query.ts';
import { loadVaultsSchemas, schemaFrom } from '../../../lib/start-up-schemas.ts';
import { vaultsKeys } from './keys.ts';

/**
 * GET /api/quickswap/vaults/positions?wallet_address=: one saved or watch-only wallet's dQUICK in the Dragon's
 * Lairs and its stakes in every syrup pool QuickSwap listed, read from the chain at one block.
 */
export function getWalletHoldings(
  walletAddress: string,
  signal?: AbortSignal,
): Promise<VaultsWalletPositions> {
  return api.get(`/quickswap/vaults/positions?wallet_address=${encodeURIComponent(walletAddress)}`, {
    schema: schemaFrom(loadVaultsSchemas, 'vaultsWalletPositionsSchema'),
    signal,
  });
}

export const walletHoldingsQueryOptions = (walletAddress: string) =>
  apiQueryOptions({
    queryKey: vaultsKeys.wallet(walletAddress),
    fetcher: getWalletHoldings,
    args: [walletAddress],
  });
