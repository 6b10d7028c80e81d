import { AppError } from '@tidewatch/shared';
import { getAddress } from 'viem';
import { assembleLedger, rowsOfYear } from '../../core/books/assemble-ledger.ts';
import { loadLedgerInputs } from '../../core/books/ledger-sources.ts';
import type { AssembledRow } from '../../core/books/ledger-types.ts';
import { ledgerSources, otherChainLedgers } from '../../core/kinds/index.ts';
import type { LedgerContext } from './context.ts';
import { findUserWallet } from './ledger-repository.ts';

/**
 * A wallet's ledger limited to a year: its rows (Polygon's in chain order, the other chains' merged in by time) and the
 * Polygon block they are complete up to (the other chains' rows are read to their own final blocks).
 */
export type LoadedLedger = { wallet: string; rows: AssembledRow[]; finalBlock: number };

/**
 * The ledger of one of the user's saved or watch-only wallets (NOT_FOUND for any other address, as history
 * answers), assembled over every year (so each transaction's gas stays on its first row), with its rows on the
 * chains beside Polygon where the user tracks it (issue 47: every row names its chain), then limited to the calendar
 * year in `tz` when one is given. It reads stored rows only: recorded sends count once the
 * worker's job found them final (jobs/recorded-sends-job.ts); no chain read happens here.
 */
export async function loadLedger(
  ctx: LedgerContext,
  userId: number,
  query: { wallet: string; year?: number | undefined; tz: string },
): Promise<LoadedLedger> {
  const found = await findUserWallet(ctx.db, userId, ctx.chainId, query.wallet);
  if (!found) {
    throw new AppError(
      'NOT_FOUND',
      `${getAddress(query.wallet)} is not one of your saved wallets: save or watch it first`,
    );
  }
  const wallet = getAddress(found.address);
  const { inputs, finalBlock } = await loadLedgerInputs(
    ctx.db,
    {
      chainId: ctx.chainId,
      userId,
      wallet,
      counterparties: ctx.counterparties,
      oldTokens: ctx.oldTokens,
    },
    ledgerSources,
  );
  const polygon = assembleLedger(inputs, query.tz);
  const others = (
    await Promise.all(otherChainLedgers.map((rowsOf) => rowsOf(ctx.db, userId, wallet, query.tz)))
  ).flat();
  const rows = rowsOfYear(
    others.length === 0 ? polygon : byTime([...polygon, ...others]),
    query.year,
    query.tz,
  );
  return { wallet, rows, finalBlock };
}

/** Rows of several chains in time order (block numbers are each chain's own); a stable sort keeps each chain's order. */
const byTime = (rows: AssembledRow[]) =>
  rows.sort((a, b) => a.row.block_time.localeCompare(b.row.block_time));
