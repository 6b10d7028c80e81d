import type { PositionSnapshotRow } from '../../core/db/tables/farms.ts';
import type { FarmView } from '../../core/farms/farm-view-repository.ts';
import { positionKey } from '../../core/farms/position-repository.ts';
import { loadReturns, toHistoryStatus } from '../../core/history/position-returns.ts';
import { markPriceSources } from '../../core/history/price-source-marks.ts';
import { loadBackfills } from '../../core/history/repository.ts';
import type { FarmsContext } from './context.ts';
import { pendingBackfill } from './list-items.ts';

/** A tracked pair's returns, chart (oldest first) and history line, from its snapshots (newest first). */
export async function loadPositionFigures(
  ctx: FarmsContext,
  view: FarmView,
  wallet: string,
  history: PositionSnapshotRow[],
) {
  const { pool } = view.item;
  const { returns, chart } = await loadReturns(
    ctx.db,
    {
      farmId: view.id,
      kind: view.kind,
      poolId: view.poolId,
      decimals0: pool.token0.decimals,
      decimals1: pool.token1.decimals,
      account: wallet,
    },
    history,
  );
  const backfills = await loadBackfills(ctx.db, [view.id], [wallet]);
  const status = toHistoryStatus(backfills.get(positionKey(view.id, wallet)) ?? pendingBackfill);
  return { returns, chart, history: status };
}

/** History rows (newest first) with their price sources and a mark where one changed (decision 021). */
export function withSourceMarks<T>(history: PositionSnapshotRow[], toWire: (row: PositionSnapshotRow) => T) {
  const marked = markPriceSources([...history].reverse(), (row) => row.price_sources).reverse();
  return marked.map((row) => ({
    ...toWire(row),
    price_sources: row.price_sources,
    price_source_changed: row.price_source_changed,
  }));
}
