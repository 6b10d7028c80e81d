import { AppError } from '@tidewatch/shared';
import type {
  ChainHoldings,
  ChainWalletHistory,
  TrackedChainWallet,
  TrackedChainWallets,
} from '@tidewatch/shared/chains';
import { requireSavedWallet } from '../../core/farms/saved-wallet.ts';
import {
  chainSnapshotTotals,
  type FollowedWallet,
  findTrackedChainWallets,
  holdingsOf,
  loadV4Books,
  parseChainHoldings,
} from '../../core/kinds/chain-holding/index.ts';
import { type ChainHoldingsContext, otherChainEntry, readHoldingsOn } from './get-holdings.ts';
import {
  type ChainSnapshotRow,
  deleteTrackedChainWallet,
  insertChainSnapshots,
  insertTrackedChainWallet,
  upsertChainWallet,
} from './tracking-repository.ts';

/** A holdings answer as a stored snapshot of the followed wallet `chainWalletId`. */
export const snapshotRowOf = (chainWalletId: number, holdings: ChainHoldings): ChainSnapshotRow => ({
  chain_wallet_id: chainWalletId,
  block_number: Number(holdings.block_number),
  created_on: holdings.block_timestamp,
  total_usd: holdings.total_usd,
  holdings: JSON.stringify(holdings),
});

/**
 * POST /api/quickswap/chains/:chain_id/tracked: the user tracks one of their saved or watch-only wallets on that
 * chain. Its first snapshot is read at once (one request to the chain), so its positions join the portfolio from
 * the start; the scheduled snapshots follow. Tracking it again changes nothing. Nothing is written when the read fails.
 */
export async function trackChainWallet(
  ctx: ChainHoldingsContext & { now: () => Date },
  userId: number,
  chainId: number,
  walletInput: string,
): Promise<TrackedChainWallet> {
  const entry = otherChainEntry(chainId);
  const wallet = await requireSavedWallet({ db: ctx.db, chainId: ctx.walletChainId }, userId, walletInput);
  const holdings = await readHoldingsOn(ctx.otherChains, entry.id, wallet);
  const at = ctx.now().toISOString();
  const id = await ctx.db.transaction().execute(async (trx) => {
    const chainWalletId = await upsertChainWallet(trx, { chainId: entry.id, address: wallet, at });
    await insertChainSnapshots(trx, [snapshotRowOf(chainWalletId, holdings)]);
    return insertTrackedChainWallet(trx, userId, chainWalletId, at);
  });
  return (await listTrackedChainWallets(ctx, userId)).wallets.find((w) => w.id === id)!;
}

/** DELETE /api/quickswap/chains/tracked/:id: stops tracking (the snapshots stay); 404 when not the user's. */
export async function untrackChainWallet(
  ctx: ChainHoldingsContext,
  userId: number,
  id: number,
): Promise<void> {
  if (!(await deleteTrackedChainWallet(ctx.db, userId, id))) {
    throw new AppError('NOT_FOUND', `no tracked wallet ${id} of yours`, {
      details: [{ field: 'params.id', message: 'is not one of your tracked wallets' }],
    });
  }
}

/** GET /api/quickswap/chains/tracked: the user's tracked wallets on other chains, each with its newest snapshot. */
export async function listTrackedChainWallets(
  ctx: ChainHoldingsContext,
  userId: number,
): Promise<TrackedChainWallets> {
  const rows = await findTrackedChainWallets(ctx.db, userId);
  return {
    wallets: rows.map((row) => {
      const holdings = row.newest ? parseChainHoldings(row.newest.holdings) : null;
      return {
        id: row.id,
        chain_id: row.chain_id,
        chain_name: holdings?.chain_name ?? otherChainEntry(row.chain_id).name,
        wallet_address: row.wallet_address,
        tracked_at: row.tracked_at,
        last_error: row.last_error ?? null,
        last_error_at: row.last_error_at ?? null,
        snapshot:
          row.newest && holdings
            ? {
                block_number: String(row.newest.block_number),
                created_on: row.newest.created_on,
                total_usd: row.newest.total_usd,
                positions:
                  holdings.v4_positions.length + holdings.v2_positions.length + holdings.syrups.length,
              }
            : null,
      };
    }),
  };
}

/**
 * A V4 position's books as the portfolio counts its profit (loadV4Books, the one function of both), with their rows;
 * null books, saying why, while its history is not read to a snapshot that lists it.
 */
async function positionBooksOf(
  ctx: ChainHoldingsContext,
  wallet: FollowedWallet,
  tokenId: string,
  label: string,
): Promise<ChainWalletHistory['positions'][number]> {
  const read = await loadV4Books(ctx.db, wallet, tokenId);
  return {
    token_id: tokenId,
    label,
    books: read?.books ?? null,
    returns: read?.returns ?? null,
    books_note: read
      ? null
      : 'Its history is still being read: the books and the profit wait for a snapshot whose events are final.',
    rows: read?.rows ?? [],
  };
}

/** How many snapshots a history answer lists at most (the newest). */
const historyPoints = 100;

/**
 * GET /api/quickswap/chains/tracked/:id/history: the user's tracked wallet's values over time on its chain, from the
 * snapshots the portfolio reads (each total is the one the dashboard counted then); 404 when not the user's.
 */
export async function getChainWalletHistory(
  ctx: ChainHoldingsContext,
  userId: number,
  id: number,
): Promise<ChainWalletHistory> {
  const tracked = (await findTrackedChainWallets(ctx.db, userId)).find((w) => w.id === id);
  if (!tracked) {
    throw new AppError('NOT_FOUND', `no tracked wallet ${id} of yours`, {
      details: [{ field: 'params.id', message: 'is not one of your tracked wallets' }],
    });
  }
  const rows = await chainSnapshotTotals(ctx.db, tracked.chain_wallet_id, historyPoints);
  const entry = otherChainEntry(tracked.chain_id);
  const newest = tracked.newest ? parseChainHoldings(tracked.newest.holdings) : null;
  return {
    id,
    chain_name: entry.name,
    native_symbol: entry.nativeCurrency.symbol,
    positions: await Promise.all(
      (newest ? holdingsOf(newest) : []).flatMap((holding) =>
        holding.tokenId ? [positionBooksOf(ctx, tracked, holding.tokenId, holding.label)] : [],
      ),
    ),
    points: rows.map((row) => ({
      block_number: String(row.block_number),
      created_on: row.created_on,
      total_usd: row.total_usd,
      positions: holdingsOf(parseChainHoldings(row.holdings)).length,
    })),
  };
}
