import { useMutation, useQueryClient } from '@tanstack/react-query';
import { trackDualFarmResponseSchema, trackLpFarmResponseSchema } from '@tidewatch/shared';
import { api } from '../../../lib/api-client.ts';
import type { FarmProduct } from '../product.ts';
import type { AnyFarmListItem } from './get-farms.ts';

export type TrackFarmInput = { farmAddress: string; walletAddress: string };

export type TrackFarmResult = { isNew: boolean; item: AnyFarmListItem; snapshotError: string | null };

/** Tracks a farm with one of the user's saved wallets (idempotent on the server). */
export async function trackFarm(product: FarmProduct, input: TrackFarmInput): Promise<TrackFarmResult> {
  const body = { farm_address: input.farmAddress, wallet_address: input.walletAddress };
  const answer =
    product === 'lp-mining'
      ? await api.post('/quickswap/track-farmable-pool', body, { schema: trackLpFarmResponseSchema })
      : await api.post('/quickswap/dual-mining/tracked-farm', body, { schema: trackDualFarmResponseSchema });
  return { isNew: answer.is_new, item: answer.item, snapshotError: answer.snapshot_error };
}

export function useTrackFarm(product: FarmProduct) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TrackFarmInput) => trackFarm(product, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['farms'] }),
  });
}
