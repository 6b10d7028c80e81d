import type { AlertKind } from '../alerts/alert-kind.ts';
import type { LedgerSource } from '../books/ledger-sources.ts';
import type { AssembledRow } from '../books/ledger-types.ts';
import type { DbOrTrx } from '../db/index.ts';
import type { PortfolioProvider } from '../portfolio/model.ts';

/**
 * A kind of position a wallet holds (a V2 farm stake, a V3 NFT; next a vault share, a Dragon's Lair stake):
 * everything the product needs of it, implemented in its one folder (core/kinds/<kind>/) and listed once
 * (core/kinds/index.ts). The dashboard, the alerts and the books read every kind through this shape; adding
 * a kind edits none of them (issue 42, Build 2).
 * - `list`: the user's tracked positions of the kind, valued, with their one profit (the portfolio);
 * - `alerts`: what its newest snapshots say, as alert subjects (the one evaluation pipeline,
 *   features/alerts/evaluate.ts);
 * - `ledger`: its stored events as ledger rows (the books and every export);
 * - `otherChainLedger`: a kind on chains beside Polygon, its rows there, each chain's assembled with its own gas
 *   (the books merge them with Polygon's by time).
 */
export type PositionKind<AlertId> = PortfolioProvider & {
  alerts: AlertKind<AlertId>;
  ledger: LedgerSource;
  otherChainLedger?: OtherChainLedger;
};

/** A user's wallet's rows on the chains beside Polygon where the user follows it, local times in `tz`. */
type OtherChainLedger = (db: DbOrTrx, userId: number, wallet: string, tz: string) => Promise<AssembledRow[]>;
