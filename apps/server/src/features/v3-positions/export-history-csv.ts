import { loadV3Books } from '../../core/books/v3-books.ts';
import { chainNameOf } from '../../core/chain/chain-name.ts';
import { loadV3Snapshots } from '../../core/v3/snapshot-repository.ts';
import { renderV3SnapshotsCsv } from './history-csv.ts';
import { requireTracked } from './refresh-tracked-position.ts';
import type { V3TrackingContext } from './tracking-context.ts';

/**
 * GET /api/quickswap/v3/positions/:token_id/history.csv?wallet_address=: a tracked position's snapshots as
 * CSV, named after the position and the day. Private as its history is (NOT_FOUND unless tracked).
 */
export async function exportV3HistoryCsv(
  ctx: V3TrackingContext,
  userId: number,
  tokenId: string,
  wallet: string,
): Promise<{ filename: string; csv: string }> {
  const tracked = await requireTracked(ctx, userId, tokenId, wallet);
  const rows = await loadV3Snapshots(ctx.db, tracked.positionId);
  const books = await loadV3Books(ctx, tracked, rows);
  const day = ctx.now().toISOString().slice(0, 10);
  return {
    filename: `v3-position-${tracked.tokenId}-${day}.csv`,
    csv: renderV3SnapshotsCsv(rows, tracked, books?.profit, chainNameOf(ctx.chainId)),
  };
}
