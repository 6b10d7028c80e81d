import type { TrackedSummary } from '@tidewatch/shared';
import { api } from '../../../lib/api-client.ts';
import { apiQueryOptions } from '../../../lib/api-query.ts';
import { loadFarmSchemas, schemaFrom } from '../../../lib/start-up-schemas.ts';
import { farmKeys } from './keys.ts';

/** Every farm the user tracks (of every kind), one item per (farm, wallet), with the latest position. */
export function getTrackedSummary(signal?: AbortSignal): Promise<TrackedSummary> {
  return api.get('/quickswap/tracked-summary', {
    schema: schemaFrom(loadFarmSchemas, 'trackedSummarySchema'),
    signal,
  });
}

export const trackedSummaryQueryOptions = () =>
  apiQueryOptions({
    queryKey: farmKeys.trackedSummary(),
    fetcher: getTrackedSummary,
    args: [],
    refetchOnWindowFocus: true,
  });
