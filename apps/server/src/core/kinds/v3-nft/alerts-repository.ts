import type { Kysely } from 'kysely';
import type { Database } from '../../db/index.ts';

type Db = Kysely<Database>;

/** The token decimals of V3 positions (by position id), for the prices their alerts tell. */
export async function findV3TokenDecimals(
  db: Db,
  positionIds: number[],
): Promise<Map<number, { token0_decimals: number; token1_decimals: number }>> {
  if (positionIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('v3_positions as p')
    .innerJoin('tokens as t0', 't0.id', 'p.token0_id')
    .innerJoin('tokens as t1', 't1.id', 'p.token1_id')
    .select(['p.id', 't0.decimals as token0_decimals', 't1.decimals as token1_decimals'])
    .where('p.id', 'in', positionIds)
    .execute();
  return new Map(rows.map(({ id, ...decimals }) => [id, decimals]));
}

/**
 * A V3 position's newest snapshot taken at or before `at` (ISO): its value and liquidity, for the 24-hour
 * move; undefined when there is none.
 */
export function findV3SnapshotAtOrBefore(db: Db, positionId: number, at: string) {
  return db
    .selectFrom('v3_position_snapshots')
    .select(['value_usd as valueUsd', 'liquidity'])
    .where('position_id', '=', positionId)
    .where('created_on', '<=', at)
    .orderBy('created_on', 'desc')
    .orderBy('block_number', 'desc')
    .limit(1)
    .executeTakeFirst();
}
