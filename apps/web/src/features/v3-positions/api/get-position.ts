import type { V3Position } from '@tidewatch/shared/v3-positions';
import { api } from '../../../lib/api-client.ts';
import { apiQueryOptions } from '../../../lib/api-query.ts';
import { loadV3Schemas, schemaFrom } from '../../../lib/start-up-schemas.ts';
import { v3Keys } from './keys.ts';

/** Whether `tokenId` can name a position: a whole number, as the API's `token_id` parameter takes it. */
export const isPositionId = (tokenId: string): boolean => /^\d{1,78}$/.test(tokenId);

/**
 * GET /api/quickswap/v3/positions/:token_id(?block=): one position, public, valued at the latest block or at
 * `block` (a tracked position's page reads it at its history's `as_of_block`: one moment for every figure).
 */
export function getPosition(
  tokenId: string,
  block: number | undefined,
  signal?: AbortSignal,
): Promise<V3Position> {
  const at = block === undefined ? '' : `?block=${block}`;
  return api.get(`/quickswap/v3/positions/${encodeURIComponent(tokenId)}${at}`, {
    schema: schemaFrom(loadV3Schemas, 'v3PositionSchema'),
    signal,
  });
}

export const positionQueryOptions = (tokenId: string, block?: number) =>
  apiQueryOptions({
    queryKey: v3Keys.position(tokenId, block),
    fetcher: getPosition,
    args: [tokenId, block],
  });
