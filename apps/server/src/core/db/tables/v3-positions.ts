import type { V3PositionEvent } from '@tidewatch/shared';
import type { ColumnType, Generated, Selectable } from 'kysely';

/**
 * Table types of migration 021 (tracking QuickSwap V3 positions, issue 34). Conventions as in farms.ts:
 * amounts are exact decimal text in whole tokens (events: raw integers, see `amounts`), USD doubles with
 * null = unknown, booleans 0/1, block numbers `bigint` (read through `Number()`).
 */
type BlockNumber = ColumnType<number | string, number, never>;

/** A position NFT of the NonfungiblePositionManager: what never changes about it. */
type V3PositionsTable = {
  id: Generated<number>;
  chain_id: number;
  /** The NFT's id, a decimal integer (uint256) as text. */
  token_id: string;
  /** Checksummed. */
  pool_address: string;
  token0_id: number;
  token1_id: number;
  tick_lower: number;
  tick_upper: number;
  created_at: string;
};

/** A user tracks a position with one of their wallets (saved or watch-only). */
type V3TrackedPositionsTable = {
  id: Generated<number>;
  user_id: number;
  position_id: number;
  /** Checksummed. */
  wallet_address: string;
  created_at: string;
};

/** The position valued at one block (unique per position and block). */
type V3PositionSnapshotsTable = {
  id: Generated<number>;
  position_id: number;
  block_number: BlockNumber;
  created_on: string;
  /** Who can collect then (the NFT's owner, or the L2 owner of a farmed one), checksummed. */
  owner: string;
  is_farmed: number;
  in_range: number;
  tick: number;
  liquidity: string;
  amount0: string;
  amount1: string;
  /** Null when the fees could not be read. */
  fees0: string | null;
  fees1: string | null;
  value_usd: number | null;
  fees_usd: number | null;
  /** Farming rewards pending + collected-but-unclaimed (the wire's rewards_usd). */
  rewards_usd: number | null;
  /** Only the pending part (static collectRewards): the returns count it, the unclaimed part is counted at FarmEnded. */
  pending_rewards_usd: number | null;
  price0_usd: number | null;
  price1_usd: number | null;
  /** The eternal incentive the position is farmed in, and its end (ISO; null once detached); null when not farmed. */
  incentive_id: string | null;
  incentive_end: string | null;
  /** JSON of the farming rewards ({pending, unclaimed}: V3TokenAmount[] each); null when not farmed. */
  rewards: string | null;
};

/** One row per tracked position: its automatic snapshots (as snapshot_schedule for V2 pairs). */
type V3SnapshotScheduleTable = {
  id: Generated<number>;
  position_id: number;
  next_due_at: string;
  lease_until: string | null;
  last_run_at: string | null;
  last_error: string | null;
  last_error_at: string | null;
  failures: Generated<number>;
};

/** A token amount of an event: the token, the amount in its smallest unit, its USD at the event's block. */
export type V3RawAmount = { token: string; raw: string; usd: number | null };

/** An event of a position, valued at its block. */
type V3PositionEventsTable = {
  id: Generated<number>;
  position_id: number;
  kind: V3PositionEvent['kind'];
  block_number: BlockNumber;
  block_time: string;
  tx_hash: string;
  /** -1: the opening balance of a position already open at the history window's start. */
  log_index: number;
  /** IncreaseLiquidity's actualLiquidity, DecreaseLiquidity's liquidity, FarmEntered's liquidity. */
  liquidity: string | null;
  /** JSON V3RawAmount[] (token0 then token1 for liquidity and collect events; reward tokens for farming). */
  amounts: string;
  usd: number | null;
  usd_error: string | null;
  /** JSON of what else the log says (transfer from/to, incentive id, reward owner); null when nothing. */
  detail: string | null;
  /**
   * The addresses the event names, checksummed, indexed (023): owner = a Transfer's from, a RewardClaimed's or
   * FarmEnded's owner; recipient = a Transfer's to, a Collect's recipient, a RewardClaimed's to. Null otherwise.
   */
  owner_address: string | null;
  recipient_address: string | null;
};

/** The history job of one tracked position: how far it got, so a killed job resumes. */
type V3HistoryBackfillsTable = {
  id: Generated<number>;
  position_id: number;
  /** 'pending' | 'running' | 'done' | 'failed' | 'unavailable' (no archive state) | 'off' (BACKFILL_DAYS=0). */
  status: string;
  scanned_to_block: ColumnType<number | string | null, number | null, number | null>;
  /** The hash of scanned_to_block when it was scanned (023): another hash there now means a reorg. */
  scanned_to_hash: string | null;
  gaps: string | null;
  error: string | null;
  lease_until: string | null;
  failures: Generated<number>;
  next_attempt_at: string;
  updated_at: string;
};

export type V3PositionsTables = {
  v3_positions: V3PositionsTable;
  v3_tracked_positions: V3TrackedPositionsTable;
  v3_position_snapshots: V3PositionSnapshotsTable;
  v3_snapshot_schedule: V3SnapshotScheduleTable;
  v3_position_events: V3PositionEventsTable;
  v3_history_backfills: V3HistoryBackfillsTable;
};

export type V3PositionSnapshotRow = Selectable<V3PositionSnapshotsTable>;
export type V3PositionEventRow = Selectable<V3PositionEventsTable>;
