import type { V3Position, V3PositionSnapshot, V3TokenAmount } from '@tidewatch/shared';
import type { Insertable } from 'kysely';
import type { V3PositionSnapshotRow, V3PositionsTables } from '../../../core/db/tables/v3-positions.ts';

type SnapshotInsert = Insertable<V3PositionsTables['v3_position_snapshots']>;

/** USD of token amounts; null when any is unknown (a missing price is never 0). */
function sumUsd(amounts: V3TokenAmount[]): number | null {
  let total = 0;
  for (const amount of amounts) {
    if (amount.usd === null) return null;
    total += amount.usd;
  }
  return total;
}

/**
 * USD of the pending rewards; null when they could not be read: readV3Positions lists none only when its
 * static collectRewards failed (an incentive pays at least one token), which is unknown, never $0.
 */
const pendingUsd = (pending: V3TokenAmount[]) => (pending.length === 0 ? null : sumUsd(pending));

/**
 * A position as read at a block (readV3Positions) -> its snapshot row. The pending farming rewards are kept
 * apart from the collected-but-unclaimed ones: the returns count pending rewards from here and the others
 * at the FarmEnded that collected them.
 */
export function toV3SnapshotRow(positionId: number, position: V3Position, createdOn: Date): SnapshotInsert {
  const [amount0, amount1] = position.amounts;
  const { farming } = position;
  return {
    position_id: positionId,
    block_number: position.block_number,
    created_on: createdOn.toISOString(),
    owner: position.owner,
    is_farmed: position.is_farmed ? 1 : 0,
    in_range: position.in_range ? 1 : 0,
    tick: position.pool.tick,
    liquidity: position.liquidity,
    amount0: amount0.amount,
    amount1: amount1.amount,
    fees0: position.fees?.[0].amount ?? null,
    fees1: position.fees?.[1].amount ?? null,
    value_usd: position.value_usd,
    fees_usd: position.fees_usd,
    // Not farmed: no farming rewards (null; the wire's is_farmed tells it from an unknown USD).
    rewards_usd: position.is_farmed ? position.rewards_usd : null,
    pending_rewards_usd: farming ? pendingUsd(farming.pending) : 0,
    price0_usd: position.pool.price0_usd,
    price1_usd: position.pool.price1_usd,
    incentive_id: farming?.incentive.id ?? null,
    // A detached incentive pays nothing more: it has no end left to warn about.
    incentive_end: farming && !farming.incentive.is_ended ? farming.incentive.end_time : null,
    rewards: farming ? JSON.stringify({ pending: farming.pending, unclaimed: farming.unclaimed }) : null,
  };
}

/** A stored snapshot as the API sends it (v3PositionSnapshotSchema). */
export function toV3SnapshotWire(row: V3PositionSnapshotRow): V3PositionSnapshot {
  return {
    created_on: row.created_on,
    block_number: Number(row.block_number),
    in_range: row.in_range === 1,
    tick: row.tick,
    liquidity: row.liquidity,
    amount0: row.amount0,
    amount1: row.amount1,
    fees0: row.fees0,
    fees1: row.fees1,
    value_usd: row.value_usd,
    fees_usd: row.fees_usd,
    is_farmed: row.is_farmed === 1,
    rewards_usd: row.rewards_usd,
    price0_usd: row.price0_usd,
    price1_usd: row.price1_usd,
  };
}
