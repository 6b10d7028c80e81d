import type { TokenRef } from '@tidewatch/shared';
import type { Kysely } from 'kysely';
import type { LedgerSource } from '../../books/ledger-sources.ts';
import type { AssembledRow } from '../../books/ledger-types.ts';
import type { Database } from '../../db/index.ts';
import { asV3EventRow, positionLedgerRows } from './books.ts';
import { findPositionScans, findUserChainWallets, loadPositionEvents } from './repository.ts';

/**
 * A tracked wallet's positions on other chains in the wallet's Polygon ledger: none. The Polygon ledger is one chain's
 * (its gas, its final block); the other chains' rows join the wallet's books beside it (otherChainLedgerRows).
 */
export const chainHoldingLedger: LedgerSource = async () => ({
  txHashes: [],
  tokenAddresses: [],
  tokens: [],
  scannedTo: [],
  rows: () => [],
});

/**
 * The wallet's rows on the chains beside Polygon where the user tracks it: each V4 position's stored events (read to
 * that chain's final block by the chains round), by V3's one engine, each row naming its chain and paying its gas in
 * that chain's native token. Only wallets this user tracks there: another user tracking the same address changes
 * nothing here.
 */
export async function otherChainLedgerRows(
  db: Kysely<Database>,
  userId: number,
  wallet: string,
  tz: string,
): Promise<AssembledRow[]> {
  const rows: AssembledRow[] = [];
  for (const followed of await findUserChainWallets(db, userId, wallet)) {
    const events = (await loadPositionEvents(db, followed.chain_wallet_id)).map(asV3EventRow);
    const positions = [...(await findPositionScans(db, followed.chain_wallet_id)).values()].map((scan) => ({
      position: {
        tokenId: scan.token_id,
        pool: scan.pool_address,
        token0: JSON.parse(scan.token0) as TokenRef,
        token1: JSON.parse(scan.token1) as TokenRef,
      },
      events: events.filter((e) => e.token_id === scan.token_id),
    }));
    if (events.length > 0) rows.push(...(await positionLedgerRows(db, followed, positions, tz)));
  }
  return rows;
}
