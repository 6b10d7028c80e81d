import { findV3Scans } from '../../books/books-repository.ts';
import { type LedgerSource, ledgerTokenOf, scannedToBlock } from '../../books/ledger-sources.ts';
import { v3Rows } from '../../books/v3-rows.ts';
import { loadV3EventsOf, v3EventsInputs, v3PositionsWithHistory } from '../../books/v3-sources-repository.ts';
import { labelToken } from '../../chain/token-labels.ts';
import type { V3RawAmount } from '../../db/tables/v3-positions.ts';

/**
 * A V3 NFT's part of the wallet's ledger: the stored events of every V3 position it has history on (held,
 * tracked, or named by an event), tracked now or not; a position's label names its pair's tokens as its
 * rows do.
 */
export const v3NftLedger: LedgerSource = async (db, scope, wallet) => {
  const positions = await v3PositionsWithHistory(db, scope, wallet);
  const positionIds = positions.map((p) => p.position_id);
  const [events, scans] = await Promise.all([loadV3EventsOf(db, positionIds), findV3Scans(db, positionIds)]);
  const old = scope.oldTokens;
  const inputs = v3EventsInputs(positions, events).map((input) => ({
    ...input,
    position: {
      ...input.position,
      token0: labelToken(old, input.position.token0),
      token1: labelToken(old, input.position.token1),
    },
  }));
  const withEvents = new Set(events.map((e) => e.position_id));
  return {
    txHashes: events.map((e) => e.tx_hash),
    tokenAddresses: events.flatMap((e) => (JSON.parse(e.amounts) as V3RawAmount[]).map((a) => a.token)),
    tokens: positions.flatMap((p) => [
      ledgerTokenOf(old, { address: p.a0, symbol: p.s0, decimals: p.d0 }),
      ledgerTokenOf(old, { address: p.a1, symbol: p.s1, decimals: p.d1 }),
    ]),
    scannedTo: scans.filter((s) => withEvents.has(s.position_id)).map(scannedToBlock),
    rows: (tokens) => inputs.flatMap((input) => v3Rows(input, tokens, scope.counterparties, wallet)),
  };
};
