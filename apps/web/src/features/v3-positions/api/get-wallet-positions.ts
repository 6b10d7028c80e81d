import type { V3WalletPositions } from '@tidewatch/shared/v3-positions';
import { api } from '../../../lib/api-client.ts';
import { apiQueryOptions } from '../../../lib/api-query.ts';
import { loadV3Schemas, schemaFrom } from '../../../lib/start-up-schemas.ts';
import { v3Keys } from './keys.ts';

/**
 * GET /api/quickswap/v3/positions?wallet_address=: one saved or watch-only wallet's positions (held and
 * deposited in farming) and its Merkl rewards, read from the chain. The schema loads beside the request
 * (the dashboard draws before zod arrives, decision 016).
 */
export function getWalletPositions(walletAddress: string, signal?: AbortSignal): Promise<V3WalletPositions> {
  return api.get(`/quickswap/v3/positions?wallet_address=${encodeURIComponent(walletAddress)}`, {
    schema: schemaFrom(loadV3Schemas, 'v3WalletPositionsSchema'),
    signal,
  });
}

export const walletPositionsQueryOptions = (walletAddress: string) =>
  apiQueryOptions({
    queryKey: v3Keys.wallet(walletAddress),
    fetcher: getWalletPositions,
    args: [walletAddress],
  });
