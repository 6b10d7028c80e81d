import type { FarmKind } from '@tidewatch/shared';
import type { ColumnType, Generated, Selectable } from 'kysely';

/**
 * Table types of migration 003-farms (db/types.ts spreads them into Database).
 * Amounts: exact decimal text in whole tokens. USD and shares: doubles, null = unknown. Block numbers are
 * `bigint` columns, which PostgreSQL returns as strings and SQLite as numbers: read them through `Number()`.
 * Booleans are integers 0/1 (portable).
 */
type BlockNumber = ColumnType<number | string, number, never>;

type TokensTable = {
  id: Generated<number>;
  chain_id: number;
  /** Checksummed. */
  address: string;
  symbol: string;
  name: string | null;
  decimals: number;
  coinmarketcap_id: number | null;
  coinmarketcap_slug: string | null;
  /** 'onchain' (default) | 'coinmarketcap' (the user chose the price API): decision 021. */
  price_choice: ColumnType<string, string | undefined, string>;
  /** Who changed `price_choice` from the farm page (the operator's e-mail or wallet), null: set at import (027). */
  price_choice_by: ColumnType<string | null, string | null | undefined, string | null>;
  /** When it was changed (ISO-8601), null: set at import. */
  price_choice_at: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
};

/** A user's request to the operator for another price source of a token: one open per user and token (027). */
type PriceChoiceRequestsTable = {
  id: Generated<number>;
  token_id: number;
  user_id: number;
  /** 'onchain' | 'coinmarketcap'. */
  price_source: string;
  coinmarketcap_id: number | null;
  note: string | null;
  created_at: string;
};

type PoolsTable = {
  id: Generated<number>;
  chain_id: number;
  address: string;
  token0_id: number;
  token1_id: number;
  created_at: string;
};

type FarmsTable = {
  id: Generated<number>;
  chain_id: number;
  address: string;
  kind: FarmKind;
  pool_id: number;
  reward_token_a_id: number;
  reward_token_b_id: number | null;
  url: string;
  /** Latest known periodFinish (ISO); null until the first farm snapshot. */
  period_finish: string | null;
  created_by: number | null;
  created_at: string;
};

export type TokenSnapshotsTable = {
  id: Generated<number>;
  token_id: number;
  price_usd: number | null;
  /** A PriceSourceKind (decision 021; older rows 'onchain' / 'derived'); null when unknown. */
  price_source: string | null;
  /** The on-chain price at the same block (null without a route): what revaluing to on-chain uses. */
  onchain_price_usd: ColumnType<number | null, number | null | undefined, number | null>;
  block_number: ColumnType<number | string | null, number | null, never>;
  created_on: string;
};

type PoolSnapshotsTable = {
  id: Generated<number>;
  pool_id: number;
  reserve0: string;
  reserve1: string;
  total_supply: string;
  price0_usd: number | null;
  price1_usd: number | null;
  total_liquidity_usd: number | null;
  block_number: BlockNumber;
  created_on: string;
};

type FarmSnapshotsTable = {
  id: Generated<number>;
  farm_id: number;
  total_supply: string;
  total_liquidity_usd: number | null;
  share_of_pool: number | null;
  /** Whole reward tokens per second. */
  reward_rate_a: string;
  reward_rate_b: string | null;
  reward_a_price_usd: number | null;
  reward_b_price_usd: number | null;
  period_finish: string;
  is_ended: number;
  is_paused: number;
  apr: number | null;
  block_number: BlockNumber;
  created_on: string;
};

type PositionSnapshotsTable = {
  id: Generated<number>;
  farm_id: number;
  /** Checksummed. */
  account_address: string;
  staked: string;
  total_liquidity_usd: number | null;
  share_of_farm: number | null;
  /** The LP farm's single reward is reward A. */
  earned_a: string;
  earned_a_in_usd: number | null;
  earned_b: string | null;
  earned_b_in_usd: number | null;
  /** JSON {checksummed token address: PriceSourceKind} of the prices behind these figures; null on older rows. */
  price_sources: ColumnType<string | null, string | null | undefined, string | null>;
  block_number: BlockNumber;
  created_on: string;
};

type TrackedFarmsTable = {
  id: Generated<number>;
  user_id: number;
  farm_id: number;
  /** Checksummed. */
  wallet_address: string;
  created_at: string;
};

/** One row per tracked (farm, wallet) pair: its automatic snapshots (decision 012). Instants are ISO text. */
type SnapshotScheduleTable = {
  id: Generated<number>;
  farm_id: number;
  /** Checksummed. */
  wallet_address: string;
  next_due_at: string;
  /** Held by the process snapshotting it until then; null when free. */
  lease_until: string | null;
  last_run_at: string | null;
  /** The last automatic snapshot's failure, in one line; cleared by the next success. */
  last_error: string | null;
  last_error_at: string | null;
  /** Failures in a row, for the back-off. */
  failures: Generated<number>;
};

/** A wallet's Staked / Withdrawn / RewardPaid event on a farm and its worth at its block (issue 13). */
export type PositionEventsTable = {
  id: Generated<number>;
  farm_id: number;
  /** Checksummed. */
  wallet_address: string;
  kind: 'staked' | 'withdrawn' | 'reward_paid';
  /** The paid token of a RewardPaid (checksummed); null for stakes and withdrawals. */
  reward_token_address: string | null;
  /** Smallest unit, decimal integer text. */
  amount: string;
  block_number: BlockNumber;
  block_time: string;
  tx_hash: string;
  log_index: number;
  /** Stakes and withdrawals: the token0 / token1 amounts (smallest unit) the LP amount stood for then. */
  amount0: string | null;
  amount1: string | null;
  /** USD worth at its block; null when a price was unknown (`usd_error` says why). */
  usd: number | null;
  usd_error: string | null;
};

/** The history job of one tracked (farm, wallet) pair: its progress, so a killed job resumes. */
export type HistoryBackfillsTable = {
  id: Generated<number>;
  farm_id: number;
  wallet_address: string;
  /** 'pending' | 'running' | 'done' | 'failed' | 'unavailable' (no archive state) | 'off' (BACKFILL_DAYS=0). */
  status: string;
  /** Events are read up to this block (inclusive); null before the first scan. */
  scanned_to_block: ColumnType<number | string | null, number | null, number | null>;
  /** The hash of scanned_to_block when it was scanned (023): another hash there now means a reorg. */
  scanned_to_hash: string | null;
  first_staked_block: ColumnType<number | string | null, number | null, number | null>;
  first_staked_on: string | null;
  days_total: Generated<number>;
  days_done: Generated<number>;
  /** Block ranges the RPC refused even one block at a time, in one line; null when none. */
  gaps: string | null;
  error: string | null;
  lease_until: string | null;
  failures: Generated<number>;
  next_attempt_at: string;
  updated_at: string;
};

export type FarmsTables = {
  tokens: TokensTable;
  pools: PoolsTable;
  farms: FarmsTable;
  token_snapshots: TokenSnapshotsTable;
  pool_snapshots: PoolSnapshotsTable;
  farm_snapshots: FarmSnapshotsTable;
  position_snapshots: PositionSnapshotsTable;
  tracked_farms: TrackedFarmsTable;
  snapshot_schedule: SnapshotScheduleTable;
  position_events: PositionEventsTable;
  history_backfills: HistoryBackfillsTable;
  price_choice_requests: PriceChoiceRequestsTable;
};

export type TokenRow = Selectable<TokensTable>;
export type FarmRow = Selectable<FarmsTable>;
export type PoolSnapshotRow = Selectable<PoolSnapshotsTable>;
export type FarmSnapshotRow = Selectable<FarmSnapshotsTable>;
export type PositionSnapshotRow = Selectable<PositionSnapshotsTable>;
