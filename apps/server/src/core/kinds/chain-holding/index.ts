import type { PositionKind } from '../position-kind.ts';
import { chainHoldingAlerts } from './alerts.ts';
import { chainHoldingLedger, otherChainLedgerRows } from './ledger.ts';
import { listChainHoldings } from './portfolio.ts';

/**
 * What a tracked wallet holds in QuickSwap on a chain beside Polygon (issue 47): V4 (Algebra Integral) positions,
 * V2 LP and syrup stakes, each named with its chain, followed by the wallet's snapshots.
 */
export const chainHolding: PositionKind<number> = {
  kind: 'chain_holding',
  label: 'Other chains: V4, V2 LP and syrups',
  list: listChainHoldings,
  alerts: chainHoldingAlerts,
  ledger: chainHoldingLedger,
  otherChainLedger: otherChainLedgerRows,
};

// The tracked wallet's history shows each V4 position's books, whose profit the portfolio counts.
export { type FollowedWallet, loadV4Books } from './books.ts';
// Its history lists each snapshot's positions as the portfolio counts them.
export { holdingsOf, parseChainHoldings } from './holdings.ts';
// The 'Every chain' tool lists the user's tracked wallets with their newest snapshot, as the portfolio reads them.
export { chainSnapshotTotals, findTrackedChainWallets } from './repository.ts';
