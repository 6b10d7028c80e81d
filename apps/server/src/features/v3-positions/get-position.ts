import { AppError, type V3Position } from '@tidewatch/shared';
import { getAddress } from 'viem';
import { requireChain, requireReader, type V3PositionsContext } from './context.ts';
import { findTrackedTokenIds } from './tracked-ids.ts';

/**
 * GET /api/quickswap/v3/positions/:token_id(?block=): one position by id, valued at the latest block or at
 * `block` (public data). At a past block prices are on-chain only, as the history job's (decision 021: an API
 * quote is today's price): a tracked position's page reads it at its history's `as_of_block`, so the figures
 * it shows beside the returns and books are that block's. A block past the chain's head is refused (400,
 * naming `block`); NOT_FOUND with what to do when the chain has no position of that id then (never minted,
 * or burnt).
 */
export async function getPosition(
  ctx: V3PositionsContext,
  userId: number | null,
  tokenId: string,
  block?: number,
): Promise<V3Position> {
  if (block !== undefined) await requireReachedBlock(ctx, block);
  const read = await requireReader(ctx)(
    [tokenId],
    block === undefined ? { isLive: true } : { block: BigInt(block), isLive: true },
  );
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

/** A past block the chain has: a block beyond its head is bad input, not a failed read. */
async function requireReachedBlock(ctx: V3PositionsContext, block: number): Promise<void> {
  const head = BigInt((await requireChain(ctx).chain.request('eth_blockNumber', [])) as string);
  if (BigInt(block) > head) {
    const message = `must be at most the chain's latest block (${head})`;
    throw new AppError('VALIDATION_FAILED', `querystring.block: ${message}`, {
      details: [{ field: 'querystring.block', message }],
    });
  }
}
