import { type RecoveryPlan, recoveryPlanSchema } from '@tidewatch/shared/recovery';
import { api } from '../../../lib/api-client.ts';
import { apiQueryOptions } from '../../../lib/api-query.ts';
import { recoveryKeys } from './keys.ts';

/** GET /api/recovery/plan?wallet_address=…: what is left in ended farms and the steps that get it out. */
export function getRecoveryPlan(walletAddress: string, signal?: AbortSignal): Promise<RecoveryPlan> {
  const query = new URLSearchParams({ wallet_address: walletAddress });
  return api.get(`/recovery/plan?${query}`, { schema: recoveryPlanSchema, signal });
}

export const recoveryPlanQueryOptions = (walletAddress: string) =>
  apiQueryOptions({
    queryKey: recoveryKeys.plan(walletAddress),
    fetcher: getRecoveryPlan,
    args: [walletAddress],
    // Recomputed from the chain each time: the page refetches after every step, and on coming back.
    staleTime: 0,
  });
