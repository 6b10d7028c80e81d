import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type FarmIndexPage,
  type FindMyFarmsResponse,
  farmIndexPageSchema,
  findMyFarmsResponseSchema,
  type TrackDiscoveredResponse,
  trackDiscoveredResponseSchema,
} from '@tidewatch/shared';
import type { FarmKind } from '@tidewatch/shared/farm-kinds';
import { isSameAddress } from '@tidewatch/shared/same-address';
import { api } from '../../../lib/api-client.ts';
import { apiQueryOptions } from '../../../lib/api-query.ts';
import { queryKeyRoots } from '../../../lib/query-key-roots.ts';
import { invalidateInOtherTabs } from '../../../lib/tab-sync.ts';
import { discoveryKeys } from './keys.ts';

export type FarmIndexFilters = {
  kind: FarmKind;
  page: number;
  sort: 'tvl' | 'apr';
  order: 'desc' | 'asc';
  status: 'all' | 'active' | 'ended';
  /** A token symbol (or part of one) or an address (or its start). */
  token: string;
  /** 'mine': only farms where the signed-in user's wallets have something. */
  holdings: 'any' | 'mine';
};

/** GET /api/quickswap/farm-index with `query`: the endpoint's one fetcher, for a page and for one farm. */
function fetchFarmIndexPage(query: URLSearchParams, signal?: AbortSignal): Promise<FarmIndexPage> {
  return api.get(`/quickswap/farm-index?${query}`, { schema: farmIndexPageSchema, signal });
}

/**
 * Whether the farm index lists `farmAddress` (of any kind, active or ended; `token` matches a farm by its
 * address). Rejects when the index cannot be read.
 */
export async function isFarmIndexed(farmAddress: string): Promise<boolean> {
  const page = await fetchFarmIndexPage(
    new URLSearchParams({ token: farmAddress, status: 'all', per_page: '100' }),
  );
  return page.items.some((farm) => isSameAddress(farm.address, farmAddress));
}

/** GET /api/quickswap/farm-index: one page of the index (every QuickSwap farm of the configured factories). */
export function getFarmIndex(filters: FarmIndexFilters, signal?: AbortSignal): Promise<FarmIndexPage> {
  const query = new URLSearchParams({
    kind: filters.kind,
    page: String(filters.page),
    sort: filters.sort,
    order: filters.order,
    status: filters.status,
    per_page: '10',
  });
  if (filters.token.trim()) query.set('token', filters.token.trim());
  if (filters.holdings === 'mine') query.set('holdings', 'mine');
  return fetchFarmIndexPage(query, signal);
}

export const farmIndexQueryOptions = (filters: FarmIndexFilters) =>
  apiQueryOptions({ queryKey: discoveryKeys.index(filters), fetcher: getFarmIndex, args: [filters] });

/** Every index farm where the wallet has stake or unclaimed rewards. */
export function useFindMyFarms() {
  return useMutation({
    mutationFn: (walletAddress: string): Promise<FindMyFarmsResponse> =>
      api.post(
        '/quickswap/find-my-farms',
        { wallet_address: walletAddress },
        { schema: findMyFarmsResponseSchema },
      ),
  });
}

/** Imports (when needed) and tracks index farms with a saved wallet. */
export function useTrackDiscovered() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: {
      walletAddress: string;
      farmAddresses: string[];
    }): Promise<TrackDiscoveredResponse> =>
      api.post(
        '/quickswap/track-discovered',
        { wallet_address: input.walletAddress, farm_addresses: input.farmAddresses },
        { schema: trackDiscoveredResponseSchema },
      ),
    meta: invalidateInOtherTabs(queryKeyRoots.farms),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeyRoots.farms }),
  });
}
