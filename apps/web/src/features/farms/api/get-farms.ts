import {
  type DualFarmListItem,
  dualFarmListSchema,
  type LpFarmListItem,
  lpFarmListSchema,
} from '@tidewatch/shared';
import { type FarmKind, farmKinds } from '@tidewatch/shared/farm-kinds';
import { api } from '../../../lib/api-client.ts';
import { apiQueryOptions } from '../../../lib/api-query.ts';
import { farmKeys } from './keys.ts';

export type AnyFarmListItem = LpFarmListItem | DualFarmListItem;

/** Every imported farm of a kind, with `account`'s latest position when an account is given. */
export function getAllFarms(
  kind: FarmKind,
  account: string | undefined,
  signal?: AbortSignal,
): Promise<AnyFarmListItem[]> {
  const { farms } = farmKinds[kind].apiPaths;
  // The account is a path segment for liquidity mining, a query parameter for dual mining (as the spec has it).
  if (kind === 'lp') {
    const path = account ? `${farms}/${encodeURIComponent(account)}` : farms;
    return api.get(path, { schema: lpFarmListSchema, signal });
  }
  const query = account ? `?account=${encodeURIComponent(account)}` : '';
  return api.get(`${farms}${query}`, { schema: dualFarmListSchema, signal });
}

export const allFarmsQueryOptions = (kind: FarmKind, account: string | undefined) =>
  apiQueryOptions({
    queryKey: farmKeys.imported(kind, account),
    fetcher: getAllFarms,
    args: [kind, account],
  });
