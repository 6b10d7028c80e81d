import type { DualFarmListItem, FarmKind, LpFarmListItem } from '@tidewatch/shared';
import { getAddress } from 'viem';
import {
  type FarmView,
  loadFarmViews,
  toDualPosition,
  toLpPosition,
} from '../../core/farms/farm-view-repository.ts';
import { loadLatestPositions, loadSchedules, positionKey } from '../../core/farms/position-repository.ts';
import { toHistoryStatus } from '../../core/history/position-returns.ts';
import { loadBackfills } from '../../core/history/repository.ts';
import type { FarmsContext } from './context.ts';

/** A list item of a farm kind. */
export type Item<K extends FarmKind> = K extends 'lp' ? LpFarmListItem : DualFarmListItem;

/** A pair tracked a moment ago has no history row until a worker's next tick: it is about to start. */
export const pendingBackfill = { status: 'pending', days_done: 0, days_total: 0, error: null, gaps: null };

/**
 * List items for (farm, account) pairs; account null = no position wanted. `isPrivate` pairs answer as an
 * account nobody tracks would (no position, schedule or history): the viewer does not track them, and
 * positions are private (issue 31).
 */
export async function toItems<K extends FarmKind>(
  ctx: FarmsContext,
  kind: K,
  pairs: { farmId: number; account: string | null; isTracked?: boolean; isPrivate?: boolean }[],
  views?: FarmView[],
): Promise<Item<K>[]> {
  const { db, chainId } = ctx;
  const farmIds = [...new Set(pairs.map((p) => p.farmId))];
  const loaded = views ?? (await loadFarmViews(db, { chainId, kind, farmIds }, ctx.oldTokens));
  const viewOf = new Map(loaded.map((v) => [v.id, v]));
  const accounts = pairs.flatMap((p) => (p.account && !p.isPrivate ? [p.account] : []));
  const [positions, schedules, backfills] = await Promise.all([
    loadLatestPositions(db, farmIds, accounts),
    loadSchedules(db, farmIds, accounts),
    loadBackfills(db, farmIds, accounts),
  ]);
  return pairs.flatMap((pair) => {
    const view = viewOf.get(pair.farmId);
    if (!view || view.kind !== kind) return [];
    const account = pair.account ? getAddress(pair.account) : null;
    const key = account && !pair.isPrivate ? positionKey(pair.farmId, account) : undefined;
    const row = key ? positions.get(key) : undefined;
    const position = row ? (kind === 'lp' ? toLpPosition(row) : toDualPosition(row)) : null;
    const schedule = key ? schedules.get(key) : undefined;
    const automatic_snapshot = schedule
      ? {
          next_at: schedule.next_due_at,
          last_error: schedule.last_error,
          last_error_at: schedule.last_error_at,
        }
      : null;
    return [
      {
        ...view.item,
        account_address: account,
        farm_position_snapshot: position,
        automatic_snapshot,
        history: account
          ? toHistoryStatus(
              (key ? backfills.get(key) : undefined) ?? (pair.isTracked ? pendingBackfill : undefined),
            )
          : null,
      } as Item<K>,
    ];
  });
}
