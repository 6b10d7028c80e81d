import { queryOptions } from '@tanstack/react-query';
import type { TrackedSummary } from '@tidewatch/shared';
import { api } from '../../../lib/api-client.ts';
import { loadFarmSchemas, schemaFrom } from '../../../lib/start-up-schemas.ts';

/** Every farm the user tracks (both products), one item per (farm, wallet), with the latest position. */
export function getTrackedSummary(signal?: AbortSignal): Promise<TrackedSummary> {
  return api.get('/quickswap/tracked-summary', {
    schema: schemaFrom(loadFarmSchemas, 'trackedSummarySchema'),
    signal,
  });
}

export const trackedSummaryQueryOptions = () =>
  queryOptions({
    queryKey: ['farms', 'tracked-summary'],
    queryFn: ({ signal }) => getTrackedSummary(signal),
  });
