import type { PositionBooks } from '@tidewatch/shared';
import { getAddress, parseUnits } from 'viem';
import type { DbOrTrx } from '../db/index.ts';
import type { V3PositionSnapshotRow } from '../db/tables/v3-positions.ts';
import { findTokensByAddress } from '../farms/repository.ts';
import { toTokenNumber } from '../snapshots/valuation/decimal.ts';
import { findV3ScannedToBlock } from '../v3/history-repository.ts';
import type { TrackedV3Position } from '../v3/snapshot-repository.ts';
import { assembleLedger } from './assemble-ledger.ts';
import { loadTransactionFees } from './fees-repository.ts';
import { noGas } from './gas.ts';
import type { LedgerToken } from './ledger-types.ts';
import { booksPricesSentence } from './load-position-books.ts';
import { positionBooks } from './position-books.ts';
import { v3ClaimShares } from './v3-claim-shares.ts';
import { amountsOf, isWalletClaim, walletTransfers } from './v3-ownership.ts';
import type { V3Counterparties } from './v3-rows.ts';
import { owedPrincipal, type V3EventsInput, v3Rows } from './v3-rows.ts';
import {
  loadV3EventsOf,
  sharedV3Transactions,
  v3EventsInputs,
  v3PositionsForBooks,
} from './v3-sources-repository.ts';

/** What a V3 position's books read: the database, the chain id, the position manager and FarmingCenter. */
type V3BooksContext = { db: DbOrTrx; chainId: number; counterparties?: V3Counterparties | undefined };

/**
 * The books of a tracked V3 position (issue 35), as of its newest snapshot at or below the block its history
 * was read to (the last final block), with its events up to that snapshot, so value now and the events agree
 * (a decrease after the snapshot is in neither): value now = its liquidity's worth plus its uncollected fees
 * there (without the principal a DecreaseLiquidity left owed: counted as withdrawn when it left the
 * liquidity); pending rewards = its farming rewards there (pending + collected, unclaimed; none when not
 * farmed), apart; events and gas from the ledger; each reward claim (the owner's, for all its positions) by
 * this position's share of it. Null before such a snapshot. The position's page and the portfolio's V3 NFTs
 * (core/portfolio) read its books and its one profit here.
 */
export async function loadV3Books(
  ctx: V3BooksContext,
  tracked: Pick<TrackedV3Position, 'positionId' | 'tokenId' | 'wallet' | 'userId' | 'token0' | 'token1'>,
  snapshots: V3PositionSnapshotRow[],
): Promise<PositionBooks | null> {
  const finalBlock = await findV3ScannedToBlock(ctx.db, tracked.positionId);
  const newest = snapshots.findLast((s) => Number(s.block_number) <= finalBlock);
  if (!newest) return null;
  const asOfBlock = Number(newest.block_number);
  const wallet = getAddress(tracked.wallet);
  const farmingCenter = ctx.counterparties?.farmingCenter;
  // This position and the wallet's positions whose farming shares its claims: a claim is split by what each
  // of them credited.
  const v3 = await loadV3BooksInputs(ctx, tracked.positionId, wallet);
  const shares = v3ClaimShares(v3, wallet, farmingCenter);
  const mine = v3
    .filter((p) => p.position.tokenId === tracked.tokenId)
    .map((p) => ({ ...p, claimShares: shares }));
  const events = mine.flatMap((p) => p.events).filter((e) => Number(e.block_number) <= asOfBlock);
  const hashes = events.map((e) => e.tx_hash);
  const [fees, shared, tokens] = await Promise.all([
    loadTransactionFees(
      ctx.db,
      ctx.chainId,
      hashes.filter((hash) => hash !== '0x'),
    ),
    sharedV3Transactions(ctx.db, tracked.positionId, hashes),
    tokensOf(ctx, mine),
  ]);
  const drafts = mine.flatMap((input) => v3Rows(input, tokens, ctx.counterparties, wallet));
  const inputs = { chainId: ctx.chainId, wallet, drafts, fees, recorded: [] };
  const assembled = assembleLedger(inputs, 'UTC')
    .map(({ row }) => row)
    .filter((row) => row.block_number <= asOfBlock);
  // A transaction of several positions (one claim of all, a multicall): its gas stays in the wallet's ledger.
  const sharedGas = new Set(
    assembled
      .filter((r) => r.gas.status !== 'none' && shared.has(r.tx_hash.toLowerCase()))
      .map((r) => r.tx_hash),
  );
  const rows = assembled.map((row) => (sharedGas.has(row.tx_hash) ? { ...row, gas: noGas } : row));
  const leftOut = events.filter(
    (e) => e.kind === 'reward_claimed' && isWalletClaim(e, wallet) && shares.get(claimId(e)) === null,
  ).length;
  const transfers = walletTransfers(events, wallet, farmingCenter, mine[0]?.isHeld ?? true);
  const fees0 = uncollectedFeesUsd(newest, tracked, owedPrincipal(events, asOfBlock));
  return positionBooks(rows, {
    asOfBlock,
    valueUsd: newest.value_usd !== null && fees0 !== null ? newest.value_usd + fees0 : null,
    uncollectedFeesUsd: fees0,
    // Not farmed: no farming rewards to be pending (a known 0, not an unknown).
    pendingRewardsUsd: newest.is_farmed === 1 ? newest.rewards_usd : 0,
    prices:
      `${booksPricesSentence(asOfBlock, null)} Value now is the newest snapshot at or below block ${finalBlock}, ` +
      `the last final block the events were read to, and the events count up to its block. ${claimsSentence(leftOut)}` +
      sharedGasSentence(sharedGas.size),
    profitUnknownBecause: transfersSentence(transfers),
  });
}

/** The books' V3 inputs: this position and the wallet's farming positions (v3PositionsForBooks), with their events. */
async function loadV3BooksInputs(
  ctx: V3BooksContext,
  positionId: number,
  wallet: string,
): Promise<V3EventsInput[]> {
  const positions = await v3PositionsForBooks(ctx.db, { chainId: ctx.chainId, positionId }, wallet);
  const events = await loadV3EventsOf(
    ctx.db,
    positions.map((p) => p.position_id),
  );
  return v3EventsInputs(positions, events);
}

/** The tokens the position's rows name (its pair's and the reward tokens), by lower-case address. */
async function tokensOf(ctx: V3BooksContext, mine: V3EventsInput[]): Promise<Map<string, LedgerToken>> {
  const addresses = new Set<string>();
  for (const event of mine.flatMap((p) => p.events))
    for (const amount of amountsOf(event)) addresses.add(amount.token);
  const stored = await findTokensByAddress(ctx.db, ctx.chainId, [...addresses]);
  const tokens = new Map<string, LedgerToken>(
    [...stored].map(([key, t]) => [key, { address: t.address, symbol: t.symbol, decimals: t.decimals }]),
  );
  for (const { position } of mine)
    for (const token of [position.token0, position.token1]) tokens.set(token.address.toLowerCase(), token);
  return tokens;
}

/** Said when a shared transaction's gas was left to the wallet's ledger. */
function sharedGasSentence(count: number): string {
  if (count === 0) return '';
  return (
    ` The gas of ${count === 1 ? 'one transaction' : `${count} transactions`} this position shares with ` +
    "other positions (a claim of all their rewards, a multicall) is in the wallet's ledger only, not here."
  );
}

/** Why total profit is unknown across a transfer of the NFT; undefined when there was none. */
export function transfersSentence(transfers: { in: number; out: number }): string | undefined {
  if (transfers.in === 0 && transfers.out === 0) return undefined;
  const moves = [
    transfers.in > 0 ? 'transferred in' : null,
    transfers.out > 0 ? 'transferred out' : null,
  ].filter((move) => move !== null);
  return (
    `Total profit is unknown: the position was ${moves.join(' and ')}, and what the NFT brought or took ` +
    'with it has no deposit or withdrawal here (no price at the transfer).'
  );
}

const claimId = (e: { tx_hash: string; log_index: number }) => `v3:${e.tx_hash}:${e.log_index}`;

/** How the owner-level reward claims enter a position's books, and which are left out. */
function claimsSentence(leftOut: number): string {
  const split =
    "A reward claim pays the owner's rewards of all its positions: this position counts its share, what its " +
    'farming credited (exits and reward collections) since the previous claim.';
  if (leftOut === 0) return split;
  return (
    `${split} ${leftOut === 1 ? 'One claim' : `${leftOut} claims`} the tracked positions' rewards do not ` +
    "account for (rewards of untracked positions, or from before the history) left out here: the wallet's " +
    'ledger shows each whole.'
  );
}

/**
 * The snapshot's uncollected swap fees without owed principal: its static collect (fees0/fees1) pays the
 * principal a DecreaseLiquidity left owed first, so per token only what is beyond it is fees, at the
 * snapshot's prices. The snapshot's own figure when nothing is owed; null when a part is unknown.
 */
function uncollectedFeesUsd(
  newest: V3PositionSnapshotRow,
  tracked: Pick<TrackedV3Position, 'token0' | 'token1'>,
  owed: Map<string, bigint>,
): number | null {
  const sides = [
    { token: tracked.token0, fees: newest.fees0, price: newest.price0_usd },
    { token: tracked.token1, fees: newest.fees1, price: newest.price1_usd },
  ];
  if (sides.every((side) => (owed.get(side.token.address.toLowerCase()) ?? 0n) === 0n))
    return newest.fees_usd;
  let total = 0;
  for (const side of sides) {
    if (side.fees === null) return null;
    const collectable = parseUnits(side.fees, side.token.decimals);
    const due = owed.get(side.token.address.toLowerCase()) ?? 0n;
    const fee = collectable > due ? collectable - due : 0n;
    if (fee === 0n) continue;
    if (side.price === null) return null;
    total += toTokenNumber(fee, side.token.decimals) * side.price;
  }
  return total;
}
