import { dualFarmListSchema, lpFarmListSchema, trackedSummarySchema } from '@tidewatch/shared';
import { type FarmKind, farmKinds } from '@tidewatch/shared/farm-kinds';
import { api } from '../../../lib/api-client.ts';
import { apiQueryOptions } from '../../../lib/api-query.ts';
import type { AnyFarmListItem } from './get-farms.ts';
import { farmKeys } from './keys.ts';

/**
 * The user's tracked farms of a kind. Liquidity mining lists per wallet address (spec's
 * get-tracked-pools/{address}); without a connected wallet we fall back to the tracked summary, so a user
 * who has not connected still sees every farm they track.
 */
export async function getTrackedFarms(
  kind: FarmKind,
  account: string | undefined,
  signal?: AbortSignal,
): Promise<AnyFarmListItem[]> {
  const { trackedFarms } = farmKinds[kind].apiPaths;
  if (kind === 'dual') {
    return api.get(trackedFarms, { schema: dualFarmListSchema, signal });
  }
  if (account) {
    return api.get(`${trackedFarms}/${encodeURIComponent(account)}`, {
      schema: lpFarmListSchema,
      signal,
    });
  }
  const summary = await api.get('/quickswap/tracked-summary', { schema: trackedSummarySchema, signal });
  return summary.lp_mining;
}

export const trackedFarmsQueryOptions = (kind: FarmKind, account: string | undefined) =>
  apiQueryOptions({
    queryKey: farmKeys.tracked(kind, account),
    fetcher: getTrackedFarms,
    args: [kind, account],
    refetchOnWindowFocus: true,
  });
