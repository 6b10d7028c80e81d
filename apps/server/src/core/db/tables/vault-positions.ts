import type { ColumnType, Generated } from 'kysely';

/**
 * Table types of migration 030 (tracking the vaults tool's positions, issue 45). Conventions as in farms.ts: USD
 * doubles with null = unknown, block numbers `bigint` (read through `Number()`), addresses checksummed.
 */
type BlockNumber = ColumnType<number | string, number, never>;

/**
 * 'lair': dQUICK in a Dragon's Lair; 'syrup': a stake in a syrup pool; otherwise shares of a vault, named by its
 * manager ('gamma', 'steer', 'ichi', 'defiedge').
 */
export type VaultPositionType = 'lair' | 'syrup' | 'gamma' | 'steer' | 'ichi' | 'defiedge';

/** What a wallet holds in one contract of the vaults tool. */
type VaultPositionsTable = {
  id: Generated<number>;
  chain_id: number;
  wallet_address: string;
  contract_address: string;
  position_type: VaultPositionType;
  created_at: string;
};

/** A user tracks a position (its wallet is one of theirs, saved or watch-only). */
type VaultTrackedPositionsTable = {
  id: Generated<number>;
  user_id: number;
  position_id: number;
  created_at: string;
};

/** The position valued at one block (unique per position and block). */
type VaultPositionSnapshotsTable = {
  id: Generated<number>;
  position_id: number;
  block_number: BlockNumber;
  created_on: string;
  /** All of it (stake and unclaimed rewards; a lair's QUICK) in USD; null when a part has no price. */
  value_usd: number | null;
  /** A syrup's unclaimed rewards in USD (null: no price); 0 for a lair. */
  rewards_usd: number | null;
  /** A syrup pool's end (ISO, the chain's periodFinish); null for a lair. */
  ends_at: string | null;
  /** A vault's pool price inside its base range (1) or not (0); null for a lair or syrup, or no shares then. */
  in_range: number | null;
  /** JSON of the wire's LairStake or SyrupStake at that block. */
  figures: string;
};

/** One row per tracked position: its automatic snapshots (as snapshot_schedule for V2 pairs). */
type VaultSnapshotScheduleTable = {
  id: Generated<number>;
  position_id: number;
  next_due_at: string;
  lease_until: string | null;
  last_run_at: string | null;
  last_error: string | null;
  last_error_at: string | null;
  failures: Generated<number>;
};

/**
 * One thing a transaction did to a position (migration 031): its kind (a ledger row kind), the contract it was
 * done with, and `movement`: JSON of what the wallet sent and received, named and valued at the block.
 */
type VaultPositionEventsTable = {
  id: Generated<number>;
  position_id: number;
  tx_hash: string;
  log_index: number;
  block_number: BlockNumber;
  block_time: string;
  kind: string;
  counterparty: string;
  movement: string;
  /** The row's worth at its block; null when a part has no price (the movement says why). */
  usd: number | null;
};

/** How far a position's history was read (null: not yet), and whether a transfer no row explains was seen. */
type VaultHistoryScansTable = {
  id: Generated<number>;
  position_id: number;
  scanned_to_block: ColumnType<number | string | null, number | null, number | null>;
  has_unexplained: Generated<number>;
  lease_until: string | null;
  last_error: string | null;
  updated_at: string;
};

export type VaultPositionsTables = {
  vault_position_events: VaultPositionEventsTable;
  vault_history_scans: VaultHistoryScansTable;
  vault_positions: VaultPositionsTable;
  vault_tracked_positions: VaultTrackedPositionsTable;
  vault_position_snapshots: VaultPositionSnapshotsTable;
  vault_snapshot_schedule: VaultSnapshotScheduleTable;
};
