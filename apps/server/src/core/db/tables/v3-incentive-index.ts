import type { ColumnType, Generated } from 'kysely';

/** The eternal farming's incentives as far as any process read its logs (migration 029). */
type V3IncentiveIndexTable = {
  id: Generated<number>;
  chain_id: number;
  /** Lower-case address of the farming contract. */
  eternal_farming: string;
  /** bigint: a string on PostgreSQL, a number on SQLite; read through BigInt(). */
  scanned_to_block: ColumnType<number | string, number | string, number | string>;
  /** JSON: [{id, key: {rewardToken, bonusRewardToken, pool, startTime, endTime}, virtualPool}], times as decimal text. */
  incentives: string;
  updated_at: string;
};

export type V3IncentiveIndexTables = { v3_incentive_index: V3IncentiveIndexTable };
