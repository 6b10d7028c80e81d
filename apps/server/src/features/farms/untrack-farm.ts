import { AppError, type UntrackResponse } from '@tidewatch/shared';
import { getAddress } from 'viem';
import { deleteTrackedFarm, releaseUntrackedStakes } from '../../core/farms/tracking-repository.ts';
import { type FarmsContext, requireFarm } from './context.ts';

/**
 * Stops tracking a farm with a wallet. Its history stays (tracking it again shows it) unless
 * `deleteHistory`, and nobody else tracks that stake; schedule and history job go with the last tracker.
 */
export async function untrackFarm(
  ctx: FarmsContext,
  userId: number,
  farmAddress: string,
  wallet: string,
  deleteHistory: boolean,
): Promise<UntrackResponse> {
  const farm = await requireFarm(ctx, undefined, farmAddress);
  const address = getAddress(wallet);
  return ctx.db.transaction().execute(async (trx) => {
    if (!(await deleteTrackedFarm(trx, { userId, farmId: farm.id, walletAddress: address }))) {
      throw new AppError('NOT_FOUND', `you do not track farm ${getAddress(farmAddress)} with ${address}`);
    }
    const snapshots = await releaseUntrackedStakes(trx, [{ farmId: farm.id, wallet: address }], {
      deleteHistory,
    });
    return { untracked: true as const, deleted_snapshots: snapshots };
  });
}
