import { type PolPrice, polPriceSchema } from '@tidewatch/shared/recovery';
import { api } from '../../../lib/api-client.ts';
import { apiQueryOptions } from '../../../lib/api-query.ts';
import { recoveryKeys } from './keys.ts';

/** GET /api/recovery/pol-price: POL's USD price at the latest block (null: no route prices it). */
export function getPolPrice(signal?: AbortSignal): Promise<PolPrice> {
  return api.get('/recovery/pol-price', { schema: polPriceSchema, signal });
}

/**
 * POL's price for the gas line of the actions on a position. A minute old is fine for a gas estimate's USD
 * (the server itself answers one read for 30 s), and every position on a screen shares the one fetch.
 */
export const polPriceQueryOptions = () =>
  apiQueryOptions({ queryKey: recoveryKeys.polPrice(), fetcher: getPolPrice, args: [], staleTime: 60_000 });
