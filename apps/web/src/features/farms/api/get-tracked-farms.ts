import { dualFarmListSchema, lpFarmListSchema, trackedSummarySchema } from '@tidewatch/shared';
import { api } from '../../../lib/api-client.ts';
import { apiQueryOptions } from '../../../lib/api-query.ts';
import type { FarmProduct } from '../product.ts';
import type { AnyFarmListItem } from './get-farms.ts';
import { farmKeys } from './keys.ts';

/**
 * The user's tracked farms of a product. Liquidity mining lists per wallet address (spec's
 * get-tracked-pools/{address}); without a connected wallet we fall back to the tracked summary, so a user
 * who has not connected still sees every farm they track.
 */
export async function getTrackedFarms(
  product: FarmProduct,
  account: string | undefined,
  signal?: AbortSignal,
): Promise<AnyFarmListItem[]> {
  if (product === 'dual-mining') {
    return api.get('/quickswap/dual-mining/tracked-farms', { schema: dualFarmListSchema, signal });
  }
  if (account) {
    return api.get(`/quickswap/get-tracked-pools/${encodeURIComponent(account)}`, {
      schema: lpFarmListSchema,
      signal,
    });
  }
  const summary = await api.get('/quickswap/tracked-summary', { schema: trackedSummarySchema, signal });
  return summary.lp_mining;
}

export const trackedFarmsQueryOptions = (product: FarmProduct, account: string | undefined) =>
  apiQueryOptions({
    queryKey: farmKeys.tracked(product, account),
    fetcher: getTrackedFarms,
    args: [product, account],
    refetchOnWindowFocus: true,
  });
