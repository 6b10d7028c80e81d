import type { ChainHoldings } from '@tidewatch/shared/chains';
import { getAddress } from 'viem';
import type { OtherChain } from '../../../core/chain/other-chains.ts';
import { type RoundDeps, type RoundKind, runRound } from '../../../core/jobs/scheduled-round.ts';
import { readHoldingsOn } from '../get-holdings.ts';
import { storePositionHistory } from '../history/history-repository.ts';
import {
  type ChainHistorySettings,
  type PositionHistoryWrite,
  readPositionHistory,
} from '../history/read-position-history.ts';
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
  /** How the V4 positions' history is read (the operator's history settings); absent: no history is read. */
  history?: ChainHistorySettings | undefined;
  /** After each stored batch (the alerts), with the block time of its read; not waited for. */
  onStored?: (stored: DueChainWallet[], blockTime: Date) => unknown;
};

/** A batch's read: the one wallet's holdings on its chain at one block, and its positions' new history. */
type ChainWalletRead = { wallet: DueChainWallet; holdings: ChainHoldings; history: PositionHistoryWrite };

const noHistory: PositionHistoryWrite = { reset: false, scans: [], events: [], fees: [] };

/**
 * Tracked wallets on chains beside Polygon as a kind of scheduled round (core/jobs/scheduled-round.ts, on the work
 * engine) beside the other kinds: one wallet per batch, read in one request to its chain (the tool's own read,
 * readHoldingsOn), then its V4 positions' events up to the chain's final block (readPositionHistory), all stored
 * with its schedule row in one transaction: a round killed midway leaves neither. A history read that fails (a node
 * without the past blocks' state, a receipt not given) costs the wallet no snapshot: its history is read on from
 * where it stood at the next round, its books staying of their last read meanwhile. A chain that is off, refused or unreachable
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
    read: async ([due]) => {
      const wallet = due!;
      const holdings = await readHoldingsOn(deps.otherChains, wallet.chainId, getAddress(wallet.wallet));
      const other = deps.otherChains.find((c) => c.entry.id === wallet.chainId);
      const history =
        deps.history && other
          ? await readPositionHistory(
              { ...deps.history, db: deps.db, other, now: deps.now?.() ?? new Date() },
              wallet.chainWalletId,
              holdings,
            ).catch(() => noHistory)
          : noHistory;
      return { wallet, holdings, history };
    },
    split: (batch) => [batch],
    store: async (trx, mine, read) => {
      await insertChainSnapshots(
        trx,
        mine.map((wallet) => snapshotRowOf(wallet.chainWalletId, read.holdings)),
      );
      const now = deps.now?.() ?? new Date();
      for (const wallet of mine) {
        await storePositionHistory(
          trx,
          { chainId: wallet.chainId, chainWalletId: wallet.chainWalletId, now },
          read.history,
        );
      }
    },
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
