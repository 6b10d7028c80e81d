import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type UntrackResponse, untrackResponseSchema } from '@tidewatch/shared';
import { api } from '../../../lib/api-client.ts';
import { invalidateInOtherTabs } from '../../../lib/tab-sync.ts';
import { farmKeys } from './keys.ts';

/** Stops tracking a farm with a wallet; its history goes too only when asked. */
export function useUntrackFarm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: {
      farmAddress: string;
      walletAddress: string;
      deleteHistory: boolean;
    }): Promise<UntrackResponse> =>
      api.del(
        `/quickswap/tracked/${encodeURIComponent(input.farmAddress)}?wallet_address=${encodeURIComponent(input.walletAddress)}&delete_history=${input.deleteHistory}`,
        { schema: untrackResponseSchema },
      ),
    meta: invalidateInOtherTabs(farmKeys.all),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: farmKeys.all }),
  });
}
