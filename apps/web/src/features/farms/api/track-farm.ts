import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FarmKind, farmKinds } from '@tidewatch/shared/farm-kinds';
import { api } from '../../../lib/api-client.ts';
import { loadFarmSchemas, schemaFrom } from '../../../lib/start-up-schemas.ts';
import { invalidateInOtherTabs } from '../../../lib/tab-sync.ts';
import type { AnyFarmListItem } from './get-farms.ts';
import { farmKeys } from './keys.ts';

export type TrackFarmInput = { farmAddress: string; walletAddress: string };

export type TrackFarmResult = { isNew: boolean; item: AnyFarmListItem; snapshotError: string | null };

/**
 * Tracks a farm with one of the user's saved wallets (idempotent on the server). The answer's schema loads
 * beside the request: a farm's page offers 'track' and must not need zod before it can draw (decision 016).
 */
export async function trackFarm(kind: FarmKind, input: TrackFarmInput): Promise<TrackFarmResult> {
  const body = { farm_address: input.farmAddress, wallet_address: input.walletAddress };
  const path = farmKinds[kind].apiPaths.track;
  const answer =
    kind === 'lp'
      ? await api.post(path, body, {
          schema: schemaFrom(loadFarmSchemas, 'trackLpFarmResponseSchema'),
        })
      : await api.post(path, body, {
          schema: schemaFrom(loadFarmSchemas, 'trackDualFarmResponseSchema'),
        });
  return { isNew: answer.is_new, item: answer.item, snapshotError: answer.snapshot_error };
}

export function useTrackFarm(kind: FarmKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TrackFarmInput) => trackFarm(kind, input),
    meta: invalidateInOtherTabs(farmKeys.all),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: farmKeys.all }),
  });
}
