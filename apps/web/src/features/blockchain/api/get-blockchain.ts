import { queryOptions } from '@tanstack/react-query';
import { type BlockchainResponse, blockchainResponseSchema } from '@tidewatch/shared';
import { api } from '../../../lib/api-client.ts';

/** GET /api/blockchains/{chainId}: name and explorer of a chain we know; 404 for any other. */
export function getBlockchain(chainId: string, signal?: AbortSignal): Promise<BlockchainResponse> {
  return api.get(`/blockchains/${encodeURIComponent(chainId)}`, { schema: blockchainResponseSchema, signal });
}

export function blockchainQueryOptions(chainId: string) {
  return queryOptions({
    queryKey: ['blockchains', 'one', chainId],
    queryFn: ({ signal }) => getBlockchain(chainId, signal),
    staleTime: 5 * 60_000,
  });
}
