import type { PositionBooks } from '@tidewatch/shared';
import type { V3PositionSnapshotRow } from '../../core/db/tables/v3-positions.ts';
import { booksPricesSentence, loadPositionBooks } from '../../core/ledger/load-position-books.ts';
import type { V3TrackingContext } from './tracking-context.ts';

/**
 * The books of a tracked V3 position (issue 35): value now = its liquidity's worth plus its uncollected
 * fees at the newest snapshot; pending rewards = its farming rewards there (pending + collected, unclaimed;
 * none when not farmed), apart; events, claims and gas from the ledger. Null before the first snapshot.
 */
export async function loadV3Books(
  ctx: V3TrackingContext,
  tracked: { positionId: number; wallet: string; userId: number },
  newest: V3PositionSnapshotRow | undefined,
): Promise<PositionBooks | null> {
  const asOfBlock = newest ? Number(newest.block_number) : 0;
  const valueUsd =
    newest && newest.value_usd !== null && newest.fees_usd !== null
      ? newest.value_usd + newest.fees_usd
      : null;
  return loadPositionBooks(
    ctx.db,
    {
      chainId: ctx.chainId,
      userId: tracked.userId,
      wallet: tracked.wallet,
      only: { positionId: tracked.positionId },
    },
    newest
      ? {
          asOfBlock,
          valueUsd,
          // Not farmed: no farming rewards to be pending (a known 0, not an unknown).
          pendingRewardsUsd: newest.is_farmed === 1 ? newest.rewards_usd : 0,
          prices: booksPricesSentence(asOfBlock, null),
        }
      : null,
  );
}
