import { type RecoveryPlan, recoveryPlanSchema } from '@tidewatch/shared/recovery';
import { api } from '../../../lib/api-client.ts';
import { apiQueryOptions } from '../../../lib/api-query.ts';
import { recoveryKeys } from './keys.ts';

/**
 * GET /api/recovery/plan?wallet_address=…: what is left in ended farms and the steps that get it out;
 * `includeWalletLp`: the pairs whose LP held loose in the wallet the person ticked to remove as well;
 * `includeVaults`: the vaults and lair whose shares or dQUICK the person ticked to take out too.
 */
export function getRecoveryPlan(
  walletAddress: string,
  includeWalletLp: readonly string[],
  includeVaults: readonly string[],
  signal?: AbortSignal,
): Promise<RecoveryPlan> {
  const query = new URLSearchParams({ wallet_address: walletAddress });
  if (includeWalletLp.length > 0) query.set('include_wallet_lp', includeWalletLp.join(','));
  if (includeVaults.length > 0) query.set('include_vaults', includeVaults.join(','));
  return api.get(`/recovery/plan?${query}`, { schema: recoveryPlanSchema, signal });
}

export const recoveryPlanQueryOptions = (
  walletAddress: string,
  includeWalletLp: readonly string[] = [],
  includeVaults: readonly string[] = [],
) =>
  apiQueryOptions({
    queryKey: recoveryKeys.plan(walletAddress, includeWalletLp, includeVaults),
    fetcher: getRecoveryPlan,
    args: [walletAddress, includeWalletLp, includeVaults],
    // Recomputed from the chain each time: the page refetches after every step, and on coming back.
    staleTime: 0,
  });
