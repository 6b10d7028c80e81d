import type { LedgerRow, PositionBooks, TokenRef } from '@tidewatch/shared';
import { chainEntry } from '@tidewatch/shared/chain-registry';
import type { ChainHoldings, IntegralPosition } from '@tidewatch/shared/chains';
import type { Kysely } from 'kysely';
import { getAddress, parseUnits } from 'viem';
import { assembleLedger } from '../../books/assemble-ledger.ts';
import { loadTransactionFees } from '../../books/fees-repository.ts';
import { noGas } from '../../books/gas.ts';
import type { AssembledRow } from '../../books/ledger-types.ts';
import { positionBooks } from '../../books/position-books.ts';
import { transfersSentence } from '../../books/v3-books.ts';
import { walletTransfers } from '../../books/v3-ownership.ts';
import { owedPrincipal, v3Rows } from '../../books/v3-rows.ts';
import type { Database } from '../../db/index.ts';
import type { V3PositionEventRow } from '../../db/tables/v3-positions.ts';
import { sumKnown } from '../../history/returns.ts';
import { ratioOf } from '../../snapshots/valuation/decimal.ts';
import { computeV3Returns, type V3Returns } from '../../v3/returns.ts';
import { parseChainHoldings } from './holdings.ts';
import { findPositionScans, loadPositionEvents, newestChainSnapshotAtBlock } from './repository.ts';

/** A followed wallet on its chain, as its stored history is keyed. */
export type FollowedWallet = { chain_wallet_id: number; chain_id: number; wallet_address: string };

/** A V4 position's books, their ledger rows, and the snapshot they are of (its position there). */
export type V4Books = {
  books: PositionBooks;
  /** Against holding its tokens (V3's computeV3Returns), of the same snapshot and events; null without a deposit. */
  returns: V3Returns | null;
  rows: LedgerRow[];
  position: IntegralPosition;
  holdings: ChainHoldings;
};

/**
 * The books of a followed wallet's V4 position on its chain, by V3's one engine: its stored events (the chains round's
 * history, columns of v3_position_events) made ledger rows by v3Rows, named 'WETH-USDC V4 #3 on Base', assembled
 * with their transactions' gas (transaction_fees under the chain's id) and made books by positionBooks, the one
 * profit of every kind. As of the newest snapshot at or below the block its history was read to (the chain's last
 * final block), with the events up to it: value now = the liquidity's worth plus its uncollected fees there, without
 * the principal a DecreaseLiquidity left owed (counted as withdrawn when it left the liquidity); no farming on the
 * chain, so no rewards pending (a known 0). Null before such a snapshot names the position (its history still being
 * read, or a position newer than the final block).
 */
export async function loadV4Books(
  db: Kysely<Database>,
  wallet: FollowedWallet,
  tokenId: string,
): Promise<V4Books | null> {
  const scan = (await findPositionScans(db, wallet.chain_wallet_id)).get(tokenId);
  // Still being read (the round's step budget ran out before the final block): no books of an older moment.
  if (!scan || scan.is_behind === 1) return null;
  const finalBlock = Number(scan.scanned_to_block);
  const snapshot = await newestChainSnapshotAtBlock(db, wallet.chain_wallet_id, finalBlock);
  const holdings = snapshot ? parseChainHoldings(snapshot.holdings) : null;
  const position = holdings?.v4_positions.find((p) => p.token_id === tokenId);
  if (!holdings || !position) return null;
  const asOfBlock = Number(holdings.block_number);
  // A snapshot from before the history's window: its events are not read.
  if (asOfBlock < Number(scan.window_start_block)) return null;
  const walletEvents = (await loadPositionEvents(db, wallet.chain_wallet_id))
    .map(asV3EventRow)
    .filter((event) => Number(event.block_number) <= asOfBlock);
  const events = walletEvents.filter((event) => event.token_id === tokenId);
  const shared = new Set(
    walletEvents.filter((e) => e.token_id !== tokenId && e.tx_hash !== '0x').map((e) => e.tx_hash),
  );
  const owner = getAddress(wallet.wallet_address);
  const [token0, token1] = [position.amounts[0].token, position.amounts[1].token];
  const entry = chainEntry(wallet.chain_id);
  const chainName = entry?.name ?? holdings.chain_name;
  // A transaction of several positions (a multicall): its gas stays in the wallet's ledger, as V3's books do.
  const rows = (
    await positionLedgerRows(
      db,
      wallet,
      [{ position: { tokenId, pool: position.pool, token0, token1 }, events }],
      'UTC',
    )
  ).map(({ row }) => (shared.has(row.tx_hash) ? { ...row, gas: noGas } : row));
  const uncollected = uncollectedFeesUsd(position, [token0, token1], owedPrincipal(events, asOfBlock));
  const worth = sumKnown([...position.amounts.map((a) => a.usd), uncollected]);
  const books = positionBooks(rows, {
    asOfBlock,
    valueUsd: worth,
    uncollectedFeesUsd: uncollected,
    pendingRewardsUsd: 0,
    prices:
      `Value now at the prices of block ${asOfBlock} on ${chainName} (its on-chain pairs), the newest snapshot at or ` +
      `below block ${finalBlock}, the last final block the events were read to, with the events up to its block; ` +
      `deposits and withdrawals each at the prices of its own block; gas in ` +
      `${entry?.nativeCurrency.symbol ?? 'the native token'} at its price at each transaction's block.`,
    profitUnknownBecause: transfersSentence(walletTransfers(events, owner, undefined, true)),
  });
  const liquidityUsd = sumKnown(position.amounts.map((a) => a.usd));
  const returns = computeV3Returns(
    events.map((event) => ({
      kind: event.kind,
      amounts: (JSON.parse(event.amounts) as { token: string; raw: string; usd: number | null }[]).map(
        (a) => ({
          ...a,
          raw: BigInt(a.raw),
        }),
      ),
      usd: event.usd,
    })),
    {
      valueUsd: liquidityUsd,
      feesUsd: uncollected,
      pendingRewardsUsd: 0,
      price0Usd: priceOf(position, 0),
      price1Usd: priceOf(position, 1),
      token0,
      token1,
    },
  );
  return { books, returns, rows, position, holdings };
}

/** A V4 position as its ledger rows name it. */
export type LedgerV4Position = { tokenId: string; pool: string; token0: TokenRef; token1: TokenRef };

/**
 * A followed wallet's V4 positions' ledger rows on its chain, by V3's one engine: each position's stored events (V3's
 * columns) made rows by v3Rows (deposits, withdrawals, fees collected; 'WETH-USDC V4 #3 on Base'), all assembled
 * together with their transactions' gas (the chain's transaction_fees rows), so a transaction of several positions
 * pays its gas once, under that chain's name, local times in `tz`.
 */
export async function positionLedgerRows(
  db: Kysely<Database>,
  wallet: FollowedWallet,
  positions: { position: LedgerV4Position; events: V3PositionEventRow[] }[],
  tz: string,
): Promise<AssembledRow[]> {
  const owner = getAddress(wallet.wallet_address);
  const entry = chainEntry(wallet.chain_id);
  const manager = entry?.products.v4?.positionManager;
  const chainName = entry?.name ?? `chain ${wallet.chain_id}`;
  const drafts = positions.flatMap(({ position, events }) => {
    const { token0, token1 } = position;
    const input = {
      position: {
        tokenId: position.tokenId,
        poolAddress: position.pool,
        token0,
        token1,
        label: `${token0.symbol}-${token1.symbol} V4 #${position.tokenId} on ${chainName}`,
        idPrefix: `v4-${wallet.chain_id}`,
      },
      events,
      isHeld: true,
    };
    const tokens = new Map([token0, token1].map((t) => [t.address.toLowerCase(), t]));
    return v3Rows(input, tokens, manager ? { positionManager: manager } : undefined, owner);
  });
  const fees = await loadTransactionFees(
    db,
    wallet.chain_id,
    positions.flatMap(({ events }) => events.map((e) => e.tx_hash)).filter((hash) => hash !== '0x'),
  );
  return assembleLedger({ chainId: wallet.chain_id, wallet: owner, drafts, fees, recorded: [] }, tz);
}

/** A stored event as V3's rows read it (the same columns; the V3-only ones empty). */
export const asV3EventRow = (
  row: Awaited<ReturnType<typeof loadPositionEvents>>[number],
): V3PositionEventRow & { token_id: string } => ({
  ...row,
  position_id: 0,
  owner_address: null,
  recipient_address: null,
});

/** A side's USD price at the snapshot, from its amount or its fees there; null when neither tells it. */
function priceOf(position: IntegralPosition, side: 0 | 1): number | null {
  for (const part of [position.amounts[side], position.fees[side]]) {
    if (part.usd !== null && Number(part.amount) > 0) return part.usd / Number(part.amount);
  }
  return null;
}

/**
 * The swap fees in a snapshot's uncollected amounts: what a static collect would pay, less the principal a
 * DecreaseLiquidity left owed (no fee), each side at the snapshot's price of its fees. Null when a fee has no price.
 */
function uncollectedFeesUsd(
  position: IntegralPosition,
  tokens: [TokenRef, TokenRef],
  owed: Map<string, bigint>,
): number | null {
  let total = 0;
  for (const [i, side] of position.fees.entries()) {
    const token = tokens[i]!;
    const collectable = parseUnits(side.amount, token.decimals);
    const due = owed.get(token.address.toLowerCase()) ?? 0n;
    const fee = collectable > due ? collectable - due : 0n;
    if (fee === 0n) continue;
    if (side.usd === null) return null;
    total += side.usd * (ratioOf(fee, collectable) ?? 0);
  }
  return total;
}
