import type { ChainHoldings, ChainsAnswer } from '@tidewatch/shared/chains';
import { api } from '../../../lib/api-client.ts';
import { apiQueryOptions } from '../../../lib/api-query.ts';
import { loadChainsSchemas, schemaFrom } from '../../../lib/start-up-schemas.ts';
import { chainsKeys } from './keys.ts';

/** GET /api/chains: every chain Tidewatch knows and whether this instance reads it (and why not). */
export function getChains(signal?: AbortSignal): Promise<ChainsAnswer> {
  return api.get('/chains', { schema: schemaFrom(loadChainsSchemas, 'chainsAnswerSchema'), signal });
}

export const chainsQueryOptions = () =>
  apiQueryOptions({ queryKey: chainsKeys.status(), fetcher: getChains, args: [] });

/** GET /api/quickswap/chains/:chain_id/holdings?wallet_address=: a saved wallet's QuickSwap holdings there. */
export function getChainHoldings(
  chainId: number,
  walletAddress: string,
  signal?: AbortSignal,
): Promise<ChainHoldings> {
  return api.get(
    `/quickswap/chains/${chainId}/holdings?wallet_address=${encodeURIComponent(walletAddress)}`,
    { schema: schemaFrom(loadChainsSchemas, 'chainHoldingsSchema'), signal },
  );
}

export const chainHoldingsQueryOptions = (chainId: number, walletAddress: string) =>
  apiQueryOptions({
    queryKey: chainsKeys.holdings(chainId, walletAddress),
    fetcher: getChainHoldings,
    args: [chainId, walletAddress],
  });
