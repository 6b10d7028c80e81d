import { AppError, type V3TrackedPosition } from '@tidewatch/shared';
import { getAddress } from 'viem';
import { isVerifiedWallet } from '../../core/farms/repository.ts';
import { findV3TrackingWallets, rescanV3BackfillForNewWallet } from '../../core/v3/history-repository.ts';
import {
  findTrackedV3Position,
  insertTrackedV3Position,
  loadNewestV3Snapshots,
  upsertV3Position,
} from '../../core/v3/snapshot-repository.ts';
import { toTrackedItem } from './list-tracked-positions.ts';
import { readV3Snapshots, storeV3Snapshots } from './schedule/snapshot-store.ts';
import { positionGone, requireReader, type V3TrackingContext } from './tracking-context.ts';

/**
 * POST /api/quickswap/v3/track: tracks a position with one of the user's saved or watch-only wallets. The
 * position is read at the latest block: one that does not exist (never minted, burnt) is NOT_FOUND, one
 * another address holds is refused naming `wallet_address` (tracking follows the wallet that can collect:
 * the NFT's owner, or the L2 owner of a farmed one). Its first snapshot is stored with the tracking, in one
 * transaction; from then on the scheduler snapshots it every interval. Tracking it again answers the same entry.
 * A wallet not yet tracking the position has the history job read its blocks again (its reward claims).
 */
export async function trackV3Position(
  ctx: V3TrackingContext,
  userId: number,
  input: { token_id: string; wallet_address: string },
): Promise<V3TrackedPosition> {
  const wallet = getAddress(input.wallet_address);
  if (!(await isVerifiedWallet(ctx.db, userId, wallet, ctx.chainId))) {
    throw new AppError('NOT_FOUND', `${wallet} is not one of your saved wallets: save or watch it first`);
  }
  const now = ctx.now();
  const read = await requireReader(ctx)([input.token_id]);
  const position = read.positions[0];
  if (!position) throw positionGone(input.token_id);
  if (getAddress(position.owner) !== wallet) {
    throw new AppError(
      'VALIDATION_FAILED',
      `position #${input.token_id} is held by ${position.owner}, not ${wallet}`,
      {
        details: [
          {
            field: 'body.wallet_address',
            message: `position #${input.token_id} is held by ${position.owner}`,
          },
        ],
      },
    );
  }
  await ctx.db.transaction().execute(async (trx) => {
    const positionId = await upsertV3Position(
      trx,
      {
        chainId: ctx.chainId,
        tokenId: position.token_id,
        poolAddress: position.pool.address,
        token0: position.pool.token0,
        token1: position.pool.token1,
        tickLower: position.tick_lower,
        tickUpper: position.tick_upper,
      },
      now,
    );
    const trackingWallets = await findV3TrackingWallets(trx, positionId);
    await insertTrackedV3Position(trx, { userId, positionId, wallet, now });
    // A wallet new to this position: its reward claims in blocks the history job already read were skipped.
    if (!trackingWallets.includes(wallet)) await rescanV3BackfillForNewWallet(trx, positionId, now);
    const snapshot = await readV3Snapshots(
      async () => read,
      [{ positionId, tokenId: position.token_id }],
      now,
    );
    await storeV3Snapshots(trx, snapshot);
  });
  const tracked = await findTrackedV3Position(ctx.db, userId, {
    chainId: ctx.chainId,
    tokenId: position.token_id,
    wallet,
  });
  const newest = await loadNewestV3Snapshots(ctx.db, [tracked!.positionId]);
  return toTrackedItem(tracked!, newest.get(tracked!.positionId));
}
