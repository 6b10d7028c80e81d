import { AppError, type WalletRemoval } from '@tidewatch/shared';
import {
  countPrivateSnapshots,
  deleteTrackingOfWallet,
  releaseUntrackedStakes,
  trackedStakesOf,
} from '../../core/farms/tracking-repository.ts';
import type { WalletsContext } from './context.ts';
import * as repo from './repository.ts';

/** What removing a wallet would delete: its tracked farms, and their history nobody else tracks. */
export async function describeRemoval(
  ctx: WalletsContext,
  userId: number,
  walletId: number,
): Promise<WalletRemoval> {
  const wallet = await repo.findWallet(ctx.db, userId, walletId);
  if (!wallet) throw new AppError('NOT_FOUND', 'wallet not found');
  const stakes = await trackedStakesOf(ctx.db, userId, wallet.address);
  return {
    wallet,
    tracked_farms: stakes.length,
    position_snapshots: await countPrivateSnapshots(ctx.db, userId, stakes),
  };
}

/** Removes a saved or watch-only wallet with its tracking and the history only it kept, in one transaction. */
export async function removeWallet(
  ctx: WalletsContext,
  userId: number,
  walletId: number,
): Promise<WalletRemoval> {
  return ctx.db.transaction().execute(async (trx) => {
    const wallet = await repo.findWallet(trx, userId, walletId);
    if (!wallet) throw new AppError('NOT_FOUND', 'wallet not found');
    const stakes = await trackedStakesOf(trx, userId, wallet.address);
    await deleteTrackingOfWallet(trx, userId, wallet.address);
    const snapshots = await releaseUntrackedStakes(trx, stakes, { deleteHistory: true });
    await repo.deleteWallet(trx, userId, walletId);
    return { wallet, tracked_farms: stakes.length, position_snapshots: snapshots };
  });
}
