import {
  type DualFarmListItem,
  dualFarmListSchema,
  type LpFarmListItem,
  lpFarmListSchema,
} from '@tidewatch/shared';
import { api } from '../../../lib/api-client.ts';
import { apiQueryOptions } from '../../../lib/api-query.ts';
import type { FarmProduct } from '../product.ts';
import { farmKeys } from './keys.ts';

export type AnyFarmListItem = LpFarmListItem | DualFarmListItem;

/** Every imported farm of a product, with `account`'s latest position when an account is given. */
export function getAllFarms(
  product: FarmProduct,
  account: string | undefined,
  signal?: AbortSignal,
): Promise<AnyFarmListItem[]> {
  if (product === 'lp-mining') {
    const path = account
      ? `/quickswap/farmable-pools/${encodeURIComponent(account)}`
      : '/quickswap/farmable-pools';
    return api.get(path, { schema: lpFarmListSchema, signal });
  }
  const query = account ? `?account=${encodeURIComponent(account)}` : '';
  return api.get(`/quickswap/dual-mining/farms${query}`, { schema: dualFarmListSchema, signal });
}

export const allFarmsQueryOptions = (product: FarmProduct, account: string | undefined) =>
  apiQueryOptions({
    queryKey: farmKeys.imported(product, account),
    fetcher: getAllFarms,
    args: [product, account],
  });
