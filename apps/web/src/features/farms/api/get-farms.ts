import { queryOptions } from '@tanstack/react-query';
import {
  type DualFarmListItem,
  dualFarmListSchema,
  type LpFarmListItem,
  lpFarmListSchema,
} from '@tidewatch/shared';
import { api } from '../../../lib/api-client.ts';
import type { FarmProduct } from '../product.ts';

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

export const farmsKey = (product: FarmProduct) => ['farms', product] as const;

export function allFarmsQueryOptions(product: FarmProduct, account: string | undefined) {
  return queryOptions({
    queryKey: [...farmsKey(product), 'all', account?.toLowerCase() ?? null],
    queryFn: ({ signal }) => getAllFarms(product, account, signal),
  });
}
