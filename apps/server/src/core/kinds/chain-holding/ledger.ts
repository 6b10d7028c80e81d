import type { LedgerSource } from '../../books/ledger-sources.ts';

/**
 * A tracked wallet's positions on other chains in the wallet's ledger: none yet. The books are Polygon's (their
 * scope is the instance's chain): no history job reads another chain's events, so there is nothing stored to list;
 * the positions' values are followed by their snapshots (portfolio.ts), their profit unknown.
 */
export const chainHoldingLedger: LedgerSource = async () => ({
  txHashes: [],
  tokenAddresses: [],
  tokens: [],
  scannedTo: [],
  rows: () => [],
});
