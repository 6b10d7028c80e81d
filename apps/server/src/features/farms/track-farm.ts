import { AppError, type FarmKind } from '@tidewatch/shared';
import { getAddress } from 'viem';
import { hasPositionSnapshot, isVerifiedWallet } from '../../core/farms/repository.ts';
import { insertTrackedFarm } from '../../core/farms/tracking-repository.ts';
import { type FarmsContext, requireFarm, requireWriter } from './context.ts';
import { type Item, toItems } from './list-items.ts';

/**
 * Tracks a farm with one of the user's verified wallets and takes the pair's first position snapshot
 * (a chain failure there does not undo the tracking; it is answered as `snapshot_error`).
 */
export async function trackFarm<K extends FarmKind>(
  ctx: FarmsContext,
  kind: K,
  userId: number,
  input: { farm_address: string; wallet_address: string },
): Promise<{ is_new: boolean; item: Item<K>; snapshot_error: string | null }> {
  const { db } = ctx;
  const farm = await requireFarm(ctx, kind, input.farm_address);
  const wallet = getAddress(input.wallet_address);
  if (!(await isVerifiedWallet(db, userId, wallet, ctx.chainId))) {
    throw new AppError('FORBIDDEN', `${wallet} is not one of your verified wallets`);
  }
  const isNew = await insertTrackedFarm(db, { userId, farmId: farm.id, walletAddress: wallet }, ctx.now());
  // A freshly tracked wallet gets its first position at once, so the card is not empty; a chain
  // failure here does not undo the tracking (the card's refresh retries).
  let snapshotError: string | null = null;
  if (!(await hasPositionSnapshot(db, farm.id, wallet))) {
    try {
      await requireWriter(ctx).refreshSnapshots({
        farms: [{ address: getAddress(farm.address), kind: farm.kind }],
        accounts: [wallet],
      });
    } catch (error) {
      snapshotError = error instanceof AppError ? error.message : 'the first snapshot failed';
      ctx.logWarn?.({ err: error }, 'first position snapshot after tracking failed');
    }
  }
  const [item] = await toItems(ctx, kind, [{ farmId: farm.id, account: wallet, isTracked: true }]);
  return { is_new: isNew, item: item!, snapshot_error: snapshotError };
}
