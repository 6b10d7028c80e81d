import type { Address } from 'viem';
import { findTrackedV3TokenIds } from '../../core/v3/snapshot-repository.ts';
import type { V3PositionsContext } from './context.ts';

/**
 * The token ids the user tracks with `wallet`: where `is_tracked` of the positions the API lists comes from
 * (tracking, issue 34 item 5: v3_tracked_positions). A visitor tracks nothing.
 */
export async function findTrackedTokenIds(
  ctx: V3PositionsContext,
  userId: number | null,
  wallet: Address,
): Promise<Set<string>> {
  if (userId === null) return new Set();
  return findTrackedV3TokenIds(ctx.db, userId, { chainId: ctx.chainId, wallet });
}
