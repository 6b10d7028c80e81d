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

export type ChainWalletsTables = {
  chain_wallets: ChainWalletsTable;
  chain_tracked_wallets: ChainTrackedWalletsTable;
  chain_wallet_snapshots: ChainWalletSnapshotsTable;
  chain_snapshot_schedule: ChainSnapshotScheduleTable;
};
