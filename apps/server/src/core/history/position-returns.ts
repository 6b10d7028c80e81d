import type { FarmKind, HistoryStatus, Returns, ReturnsPoint } from '@tidewatch/shared';
import type { DbOrTrx } from '../db/index.ts';
import type { PositionSnapshotRow } from '../db/tables/farms.ts';
import { archiveNeeded } from './backfill-step.ts';
import { markPriceSources } from './price-source-marks.ts';
import {
  findPoolPricesAtBlocks,
  loadPositionEvents,
  type PositionEventRow,
  toValuedEvent,
} from './repository.ts';
import { computeReturns, hodlAmounts, sumKnown, type ValuedEvent, valueOfAmounts } from './returns.ts';

export type PairOfFarm = {
  farmId: number;
  kind: FarmKind;
  poolId: number;
  decimals0: number;
  decimals1: number;
  account: string;
};

/** Pending rewards of a snapshot in USD: unknown when a reward's price is. */
function pendingUsd(row: PositionSnapshotRow, kind: FarmKind): number | null {
  return sumKnown(kind === 'lp' ? [row.earned_a_in_usd] : [row.earned_a_in_usd, row.earned_b_in_usd]);
}

/**
 * The detail's `returns` and `chart` for one tracked pair: events valued at their blocks (the history
 * job), each position snapshot with the pool's prices at the same block. `history` rows are newest
 * first (the detail's order); the chart is oldest first.
 */
export async function loadReturns(
  db: DbOrTrx,
  pair: PairOfFarm,
  history: PositionSnapshotRow[],
): Promise<{ returns: Returns; chart: ReturnsPoint[] }> {
  const rows = await loadPositionEvents(db, pair.farmId, pair.account);
  const events = rows.map((row) => ({ ...toValuedEvent(row), block: Number(row.block_number) }));
  const blocks = [...new Set(history.map((row) => Number(row.block_number)))];
  const poolRows = await findPoolPricesAtBlocks(db, pair.poolId, blocks);
  const pricesAt = new Map(poolRows.map((row) => [Number(row.block_number), row]));
  const decimals = { decimals0: pair.decimals0, decimals1: pair.decimals1 };
  const upTo = (block: number) => events.filter((event) => event.block <= block);

  const marked = markPriceSources([...history].reverse(), (row) => row.price_sources);
  const chart = marked.map((row): ReturnsPoint => {
    const block = Number(row.block_number);
    const prices = pricesAt.get(block);
    const before: ValuedEvent[] = upTo(block);
    const claimed = sumKnown(before.filter((e) => e.kind === 'reward_paid').map((e) => e.usd));
    const hasStakes = before.some((e) => e.kind === 'staked');
    return {
      created_on: row.created_on,
      block_number: block,
      value_usd: row.total_liquidity_usd,
      hodl_value_usd: hasStakes
        ? valueOfAmounts(hodlAmounts(before), {
            price0Usd: prices?.price0_usd ?? null,
            price1Usd: prices?.price1_usd ?? null,
            ...decimals,
          })
        : null,
      rewards_usd: sumKnown([claimed, pendingUsd(row, pair.kind)]),
      price_sources: row.price_sources,
      price_source_changed: row.price_source_changed,
    };
  });

  const latest = history[0];
  const latestPrices = latest ? pricesAt.get(Number(latest.block_number)) : undefined;
  return { returns: positionReturns(rows, latest, latestPrices, pair), chart };
}

/** The pool's token prices at one block (a pool_snapshots row); null = unknown. */
type PoolPrices = { price0_usd: number | null; price1_usd: number | null };

/**
 * A pair's `returns` from its events (chain order), its latest snapshot and the pool's prices at that
 * snapshot's block; `unknown_because` says why a figure is unknown. Pure.
 */
function positionReturns(
  rows: PositionEventRow[],
  latest: PositionSnapshotRow | undefined,
  latestPrices: PoolPrices | undefined,
  pair: Pick<PairOfFarm, 'kind' | 'decimals0' | 'decimals1'>,
): Returns {
  const events = rows.map(toValuedEvent);
  const returns = computeReturns(events, {
    valueUsd: latest?.total_liquidity_usd ?? null,
    pendingUsd: latest ? pendingUsd(latest, pair.kind) : null,
    price0Usd: latestPrices?.price0_usd ?? null,
    price1Usd: latestPrices?.price1_usd ?? null,
    decimals0: pair.decimals0,
    decimals1: pair.decimals1,
  });
  const unknownBecause =
    rows.find((row) => row.usd === null)?.usd_error ??
    (latest && (latestPrices?.price0_usd == null || latestPrices?.price1_usd == null)
      ? 'a token of the pair has no price now'
      : events.some((e) => e.kind === 'staked')
        ? null
        : 'no deposit is known yet: the history is not built');
  const isComplete = Object.values(returns).every((value) => value !== null);
  return { ...returns, unknown_because: isComplete ? null : unknownBecause };
}

/** The one line a card or the detail shows about the history job, and its figures. */
export function toHistoryStatus(
  row:
    | { status: string; days_done: number; days_total: number; error: string | null; gaps: string | null }
    | undefined,
): HistoryStatus | null {
  if (!row) return null;
  const status = row.status as HistoryStatus['status'];
  const message = (() => {
    switch (status) {
      case 'pending':
        return 'building history: starting soon';
      case 'running':
        return row.days_total > 0
          ? `building history: ${row.days_done} of ${row.days_total} days`
          : 'building history: reading past events';
      case 'failed':
        return `building history failed: ${row.error ?? 'unknown error'}; it will try again`;
      case 'unavailable':
        return archiveNeeded;
      case 'done':
        return row.gaps ? `history has gaps the RPC would not serve: ${row.gaps}` : null;
      default:
        return null;
    }
  })();
  return { status, days_done: row.days_done, days_total: row.days_total, message };
}
