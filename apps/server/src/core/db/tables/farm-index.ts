import type { FarmKind } from '@tidewatch/shared';
import type { ColumnType, Generated } from 'kysely';

/** One farm of the index (issue 14): what the factories deployed and its figures at the last refresh. */
export type FarmIndexTable = {
  id: Generated<number>;
  chain_id: number;
  /** Checksummed, as are the other addresses. */
  address: string;
  kind: FarmKind;
  factory: string;
  pair_address: string;
  token0_address: string;
  token0_symbol: string;
  token0_decimals: number;
  token1_address: string;
  token1_symbol: string;
  token1_decimals: number;
  reward_a_address: string;
  reward_a_symbol: string;
  reward_a_decimals: number;
  reward_b_address: string | null;
  reward_b_symbol: string | null;
  reward_b_decimals: number | null;
  /** Whole reward tokens per second (decimal text). */
  reward_rate_a: string;
  reward_rate_b: string | null;
  period_finish: string;
  is_ended: number;
  is_paused: number;
  /** Whole LP tokens staked in the farm. */
  total_staked: string;
  tvl_usd: number | null;
  apr: number | null;
  block_number: ColumnType<number | string, number, number>;
  updated_at: string;
};

/** One refresh of the index: when, how many farms, how many could not be read, and why it failed. */
type FarmIndexRunsTable = {
  id: Generated<number>;
  started_at: string;
  finished_at: string | null;
  farm_count: number | null;
  skipped: number | null;
  error: string | null;
  /** Candidates refused (no code, not a staking contract, another exchange's LP token…), and why (JSON). */
  rejected: number | null;
  rejections: string | null;
  /** Sources that could not be read at all (JSON list of {source, error}); the rest still refreshed. */
  failed_sources: string | null;
};

export type DiscoveryTables = { farm_index: FarmIndexTable; farm_index_runs: FarmIndexRunsTable };
