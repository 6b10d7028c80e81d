import type { ChainHoldings } from '@tidewatch/shared/chains';
import { getAddress } from 'viem';
import type { OtherChain } from '../../../core/chain/other-chains.ts';
import { type RoundDeps, type RoundKind, runRound } from '../../../core/jobs/scheduled-round.ts';
import { readHoldingsOn } from '../get-holdings.ts';
import { snapshotRowOf } from '../tracking.ts';
import { insertChainSnapshots } from '../tracking-repository.ts';
import {
  type DueChainWallet,
  loadClaimedChainWallets,
  reconcileChainSchedule,
  selectDueChainWallets,
} from './schedule-repository.ts';

/** What the chains round is wired with: the chains beside Polygon, and what runs after each stored batch. */
export type ChainSnapshotRoundDeps = RoundDeps & {
  otherChains: readonly OtherChain[];
  /** After each stored batch (the alerts), with the block time of its read; not waited for. */
  onStored?: (stored: DueChainWallet[], blockTime: Date) => unknown;
};

/** A batch's read: the one wallet's holdings on its chain, at one block. */
type ChainWalletRead = { wallet: DueChainWallet; holdings: ChainHoldings };

/**
 * Tracked wallets on chains beside Polygon as a kind of scheduled round (core/jobs/scheduled-round.ts, on the work
 * engine) beside the other kinds: one wallet per batch, read in one request to its chain (the tool's own read,
 * readHoldingsOn), stored with its schedule row in one transaction. A chain that is off, refused or unreachable
 * fails its wallets alone (backed off, the reason on their rows); Polygon's rounds do not wait for it.
 */
export function chainWalletSnapshots(
  deps: ChainSnapshotRoundDeps,
): RoundKind<DueChainWallet, ChainWalletRead> {
  return {
    name: 'chain-snapshot-batch',
    table: 'chain_snapshot_schedule',
    reconcile: reconcileChainSchedule,
    selectDue: selectDueChainWallets,
    loadClaimed: loadClaimedChainWallets,
    batch: (wallets) => wallets.map((wallet) => [wallet]),
    read: async ([wallet]) => ({
      wallet: wallet!,
      holdings: await readHoldingsOn(deps.otherChains, wallet!.chainId, getAddress(wallet!.wallet)),
    }),
    split: (batch) => [batch],
    store: (trx, mine, read) =>
      insertChainSnapshots(
        trx,
        mine.map((wallet) => snapshotRowOf(wallet.chainWalletId, read.holdings)),
      ),
    nextDueAt: (_wallet, _read, now, intervalMs) => new Date(now.getTime() + intervalMs),
    onStored: (stored, read) => deps.onStored?.(stored, new Date(read.holdings.block_timestamp)),
  };
}

/**
 * One chains round in this process (SQLite, or a test): plan, then each wallet read and stored.
 * @example await runDueChainSnapshots({ db, otherChains, isPostgres: false, intervalMs: 3_600_000 });
 */
export function runDueChainSnapshots(deps: ChainSnapshotRoundDeps) {
  return runRound(chainWalletSnapshots(deps), deps);
}
