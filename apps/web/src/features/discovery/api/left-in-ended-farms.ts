import type { LeftInEndedFarms } from '@tidewatch/shared';
import { api } from '../../../lib/api-client.ts';
import { apiQueryOptions } from '../../../lib/api-query.ts';
import { loadDiscoverySchemas, schemaFrom } from '../../../lib/start-up-schemas.ts';
import { discoveryKeys } from './keys.ts';

/**
 * GET /api/quickswap/left-in-ended-farms: per wallet, what is still in ended farms. Its schema loads with
 * the answer: the dashboard draws before zod arrives (decision 016).
 */
export function getLeftInEndedFarms(signal?: AbortSignal): Promise<LeftInEndedFarms> {
  return api.get('/quickswap/left-in-ended-farms', {
    schema: schemaFrom(loadDiscoverySchemas, 'leftInEndedFarmsSchema'),
    signal,
  });
}

export const leftInEndedFarmsQueryOptions = () =>
  apiQueryOptions({
    queryKey: discoveryKeys.leftInEndedFarms(),
    fetcher: getLeftInEndedFarms,
    args: [],
    // It reads the chain for every wallet: once in a while is enough (the index itself is daily).
    staleTime: 5 * 60_000,
  });
