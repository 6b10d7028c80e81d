import { useMutation } from '@tanstack/react-query';
import { refreshDualResponseSchema, refreshLpResponseSchema } from '@tidewatch/shared';
import { api } from '../../../lib/api-client.ts';
import type { FarmProduct } from '../product.ts';
import type { AnyFarmListItem } from './get-farms.ts';

export type RefreshFarmInput = { farmAddress: string; accountAddress: string };

/** Takes fresh pool, farm and position snapshots for one tracked (farm, account) pair. */
export function refreshFarm(product: FarmProduct, input: RefreshFarmInput): Promise<AnyFarmListItem> {
  return product === 'lp-mining'
    ? api.post(
        '/quickswap/create-snapshots',
        { address: input.farmAddress, account_address: input.accountAddress },
        { schema: refreshLpResponseSchema },
      )
    : api.post(
        '/quickswap/dual-mining/snapshots',
        { farm_address: input.farmAddress, account_address: input.accountAddress },
        { schema: refreshDualResponseSchema },
      );
}

export function useRefreshFarm(product: FarmProduct) {
  return useMutation({ mutationFn: (input: RefreshFarmInput) => refreshFarm(product, input) });
}
