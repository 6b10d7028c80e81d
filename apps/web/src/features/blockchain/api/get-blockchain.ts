import { type BlockchainResponse, blockchainResponseSchema } from '@tidewatch/shared';
import { api } from '../../../lib/api-client.ts';
import { apiQueryOptions } from '../../../lib/api-query.ts';
import { blockchainKeys } from './keys.ts';

/** GET /api/blockchains/{chainId}: name and explorer of a chain we know; 404 for any other. */
export function getBlockchain(chainId: string, signal?: AbortSignal): Promise<BlockchainResponse> {
  return api.get(`/blockchains/${encodeURIComponent(chainId)}`, { schema: blockchainResponseSchema, signal });
}

export const blockchainQueryOptions = (chainId: string) =>
  apiQueryOptions({
    queryKey: blockchainKeys.one(chainId),
    fetcher: getBlockchain,
    args: [chainId],
    staleTime: 5 * 60_000,
  });
