import { chainHolding } from './chain-holding/index.ts';
import type { PositionKind } from './position-kind.ts';
import { v2FarmStake } from './v2-farm-stake/index.ts';
import { v3Nft } from './v3-nft/index.ts';
import { vaultPosition } from './vault-position/index.ts';

/**
 * Every kind of position, in the dashboard's order: the one list the portfolio, the alerts' pipeline and the
 * books read. A new kind is a folder beside these, implementing PositionKind, and a line here.
 */
export const positionKinds: readonly PositionKind<never>[] = [
  v2FarmStake,
  v3Nft,
  vaultPosition,
  chainHolding,
];

/** Every kind's ledger source: a wallet's ledger is every kind's events. */
export const ledgerSources = positionKinds.map((kind) => kind.ledger);

/** The kinds' rows on the chains beside Polygon, which the wallet's books merge with Polygon's. */
export const otherChainLedgers = positionKinds.flatMap((kind) =>
  kind.otherChainLedger ? [kind.otherChainLedger] : [],
);

export { chainHolding, v2FarmStake, v3Nft, vaultPosition };
