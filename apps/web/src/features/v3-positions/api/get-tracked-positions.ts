import type { V3TrackedPosition } from '@tidewatch/shared/v3-positions';
import { api } from '../../../lib/api-client.ts';
import { apiQueryOptions } from '../../../lib/api-query.ts';
import { loadV3Schemas, schemaFrom } from '../../../lib/start-up-schemas.ts';
import { v3Keys } from './keys.ts';

export type TrackedPositions = { positions: V3TrackedPosition[] };

/**
 * GET /api/quickswap/v3/tracked-positions (bearer): every position the user tracks, one per (position,
 * wallet), with its newest snapshot. For the 'Tracked' tab, a position's detail and the LP tools tree.
 */
export function getTrackedPositions(signal?: AbortSignal): Promise<TrackedPositions> {
  return api.get('/quickswap/v3/tracked-positions', {
    schema: schemaFrom(loadV3Schemas, 'v3TrackedPositionsSchema'),
    signal,
  });
}

export const trackedPositionsQueryOptions = () =>
  apiQueryOptions({
    queryKey: v3Keys.tracked(),
    fetcher: getTrackedPositions,
    args: [],
    refetchOnWindowFocus: true,
  });
