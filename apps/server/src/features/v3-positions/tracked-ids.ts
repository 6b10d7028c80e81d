import type { Address } from 'viem';
import type { V3PositionsContext } from './context.ts';

/**
 * The token ids the user tracks with `wallet`: where `is_tracked` of the positions the API lists comes from.
 * The one place tracking (issue 34, item 5) plugs into the position reads; until it does, nothing is tracked.
 */
export async function findTrackedTokenIds(
  _ctx: V3PositionsContext,
  _userId: number | null,
  _wallet: Address,
): Promise<Set<string>> {
  return new Set();
}
