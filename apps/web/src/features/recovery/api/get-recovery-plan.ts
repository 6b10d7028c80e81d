import { type RecoveryPlan, recoveryPlanSchema } from '@tidewatch/shared/recovery';
import { api } from '../../../lib/api-client.ts';
import { apiQueryOptions } from '../../../lib/api-query.ts';
import { recoveryKeys } from './keys.ts';

/**
 * GET /api/recovery/plan?wallet_address=…: what is left in ended farms and the steps that get it out;
 * `includeWalletLp`: the pairs whose LP held loose in the wallet the person ticked to remove as well.
 */
export function getRecoveryPlan(
  walletAddress: string,
  includeWalletLp: readonly string[],
  signal?: AbortSignal,
): Promise<RecoveryPlan> {
  const query = new URLSearchParams({ wallet_address: walletAddress });
  if (includeWalletLp.length > 0) query.set('include_wallet_lp', includeWalletLp.join(','));
  return api.get(`/recovery/plan?${query}`, { schema: recoveryPlanSchema, signal });
}

export const recoveryPlanQueryOptions = (walletAddress: string, includeWalletLp: readonly string[] = []) =>
  apiQueryOptions({
    queryKey: recoveryKeys.plan(walletAddress, includeWalletLp),
    fetcher: getRecoveryPlan,
    args: [walletAddress, includeWalletLp],
    // Recomputed from the chain each time: the page refetches after every step, and on coming back.
    staleTime: 0,
  });
