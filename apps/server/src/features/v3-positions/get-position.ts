import { AppError, type V3Position } from '@tidewatch/shared';
import { getAddress } from 'viem';
import { requireReader, type V3PositionsContext } from './context.ts';
import { findTrackedTokenIds } from './tracked-ids.ts';

/**
 * GET /api/quickswap/v3/positions/:token_id: one position by id, valued at the latest block (public data).
 * NOT_FOUND with what to do when the chain has no position of that id (never minted, or burnt).
 */
export async function getPosition(
  ctx: V3PositionsContext,
  userId: number | null,
  tokenId: string,
): Promise<V3Position> {
  const read = await requireReader(ctx)([tokenId]);
  const position = read.positions[0];
  if (!position) {
    throw new AppError(
      'NOT_FOUND',
      `there is no QuickSwap V3 position #${tokenId}: it was never minted, or it was burnt (its liquidity removed and the NFT destroyed)`,
    );
  }
  const tracked =
    userId === null ? new Set<string>() : await findTrackedTokenIds(ctx, userId, getAddress(position.owner));
  return { ...position, is_tracked: tracked.has(position.token_id) };
}
