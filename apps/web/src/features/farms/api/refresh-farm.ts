import { useIsMutating, useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import { dualFarmListItemSchema, lpFarmListItemSchema } from '@tidewatch/shared';
import { type FarmKind, farmKinds } from '@tidewatch/shared/farm-kinds';
import { api } from '../../../lib/api-client.ts';
import type { AnyFarmListItem } from './get-farms.ts';
import { farmKeys } from './keys.ts';

export type RefreshFarmInput = { farmAddress: string; accountAddress: string };

/** Takes fresh pool, farm and position snapshots for one tracked (farm, account) pair. */
export function refreshFarm(kind: FarmKind, input: RefreshFarmInput): Promise<AnyFarmListItem> {
  const path = farmKinds[kind].apiPaths.refresh;
  // The farm's field is `address` for liquidity mining, `farm_address` for dual mining (as the spec has it).
  // The answer is the refreshed farm list item (new pool, farm and position snapshots).
  return kind === 'lp'
    ? api.post(
        path,
        { address: input.farmAddress, account_address: input.accountAddress },
        { schema: lpFarmListItemSchema },
      )
    : api.post(
        path,
        { farm_address: input.farmAddress, account_address: input.accountAddress },
        { schema: dualFarmListItemSchema },
      );
}

/**
 * The refresh of one (farm, account), single-flight (spec: "The refresh button ignores clicks while an
 * update runs"). The update lives in the query client's mutation cache under the pair's key, not in one
 * card: a card mounted again while it runs (another tab of the list, a remount) shows 'updating', `start`
 * sends nothing, and the answer reaches whichever card shows the pair (`latest`).
 */
export function useRefreshFarm(kind: FarmKind, input: RefreshFarmInput | null) {
  const queryClient = useQueryClient();
  const mutationKey = farmKeys.refresh(input?.farmAddress ?? '', input?.accountAddress);
  const mutation = useMutation({
    mutationKey,
    mutationFn: (pair: RefreshFarmInput) => refreshFarm(kind, pair),
    // On the mutation, not the click: it runs even when the card that started it is gone.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: farmKeys.trackedSummary() }),
        queryClient.invalidateQueries({ queryKey: farmKeys.details() }),
      ]),
  });
  const isUpdating = useIsMutating({ mutationKey, exact: true }) > 0;
  const answers = useMutationState({
    filters: { mutationKey, exact: true, status: 'success' },
    select: (done) => done.state.data as AnyFarmListItem | undefined,
  });

  /** Starts the refresh unless one of this pair already runs (the cache knows within the same tick). */
  function start() {
    if (!input || queryClient.isMutating({ mutationKey, exact: true }) > 0) return;
    mutation.mutate(input);
  }

  return { start, isUpdating, latest: answers.at(-1), isError: mutation.isError, error: mutation.error };
}

/**
 * The item to show: the pair's last refresh answer unless the list has a later block (position, else
 * farm, snapshot). One block has one snapshot on the server, so at the same block both say the same.
 */
export function newerFarmItem(listed: AnyFarmListItem, refreshed: AnyFarmListItem | undefined) {
  if (!refreshed) return listed;
  const blockOf = (item: AnyFarmListItem) =>
    item.farm_position_snapshot?.block_number ?? item.farm.snapshot?.block_number ?? -1;
  return blockOf(refreshed) >= blockOf(listed) ? refreshed : listed;
}
