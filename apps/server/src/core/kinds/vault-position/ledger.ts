import type { LedgerSource } from '../../books/ledger-sources.ts';

/**
 * A vault position's part of the wallet's ledger: nothing yet. Its events (lair enter/leave, syrup stake,
 * withdraw and reward) are not read by a history job, so no row can be said of them; the recovery plan's sends
 * to a syrup pool are in the ledger through the recorded sends. An empty part holds no block back.
 */
export const vaultPositionLedger: LedgerSource = async () => ({
  txHashes: [],
  tokenAddresses: [],
  tokens: [],
  scannedTo: [],
  rows: () => [],
});
