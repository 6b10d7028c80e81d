import type { ColumnType, Generated } from 'kysely';

/**
 * Table types of migration 032 (tracking a wallet on a chain beside Polygon, issue 47). Conventions as in
 * farms.ts: USD doubles with null = unknown, block numbers `bigint` (read through `Number()`), addresses checksummed.
 */
type BlockNumber = ColumnType<number | string, number, never>;

/** A wallet followed on one chain. */
type ChainWalletsTable = {
  id: Generated<number>;
  chain_id: number;
  wallet_address: string;
  created_at: string;
};

/** A user tracks one of their wallets (saved or watch-only) on that chain. */
type ChainTrackedWalletsTable = {
  id: Generated<number>;
  user_id: number;
  chain_wallet_id: number;
  created_at: string;
};

/** What the wallet held in QuickSwap on that chain at one block (unique per wallet and block). */
type ChainWalletSnapshotsTable = {
  id: Generated<number>;
  chain_wallet_id: number;
  block_number: BlockNumber;
  created_on: string;
  /** Everything it held, in USD; null when a non-zero amount has no price. */
  total_usd: number | null;
  /** JSON of the wire's ChainHoldings at that block. */
  holdings: string;
};

/** One row per followed wallet: its automatic snapshots (as the other kinds' schedules). */
type ChainSnapshotScheduleTable = {
  id: Generated<number>;
  chain_wallet_id: number;
  next_due_at: string;
  lease_until: string | null;
  last_run_at: string | null;
  last_error: string | null;
  last_error_at: string | null;
  failures: Generated<number>;
};

/** How far a followed wallet's V4 position's history was read (migration 033). */
type ChainPositionScansTable = {
  id: Generated<number>;
  chain_wallet_id: number;
  /** The NFT's id, a decimal integer as text. */
  token_id: string;
  pool_address: string;
  /** JSON TokenRef of each side (the position's tokens stay known after it left the wallet). */
  token0: string;
  token1: string;
  /** The block the history starts after (BACKFILL_DAYS ago); an open position's balance there is its opening. */
  window_start_block: BlockNumber;
  scanned_to_block: ColumnType<number | string, number, number>;
  scanned_to_hash: string;
  /** The snapshot block from which the wallet no longer held it; its history ends once read that far. */
  left_at_block: ColumnType<number | string | null, number | null, number | null>;
  /** 1 while the last round's step budget ran out before the final block: its books wait until it caught up. */
  is_behind: number;
  gaps: string | null;
};

/**
 * An event of a followed wallet's V4 position, valued at its block: the columns of v3_position_events (amounts JSON
 * of {token, raw, usd}; log_index -1 and tx_hash '0x' for the opening balance at the window start). Its
 * transaction's gas is in transaction_fees under the chain's id.
 */
type ChainPositionEventsTable = {
  id: Generated<number>;
  chain_wallet_id: number;
  token_id: string;
  kind: 'increase_liquidity' | 'decrease_liquidity' | 'collect' | 'transfer';
  block_number: BlockNumber;
  block_time: string;
  tx_hash: string;
  log_index: number;
  liquidity: string | null;
  amounts: string;
  usd: number | null;
  usd_error: string | null;
  detail: string | null;
};

export type ChainWalletsTables = {
  chain_position_scans: ChainPositionScansTable;
  chain_position_events: ChainPositionEventsTable;
  chain_wallets: ChainWalletsTable;
  chain_tracked_wallets: ChainTrackedWalletsTable;
  chain_wallet_snapshots: ChainWalletSnapshotsTable;
  chain_snapshot_schedule: ChainSnapshotScheduleTable;
};
