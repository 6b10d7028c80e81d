import type { PositionBooks } from '@tidewatch/shared';
import type { DbOrTrx } from '../db/index.ts';
import { assembleLedger } from './assemble-ledger.ts';
import { loadLedgerInputs } from './ledger-sources.ts';
import { type BooksNow, positionBooks } from './position-books.ts';

/** Which position: one farm, or one V3 position, tracked by the user with the wallet. */
export type BooksScope = {
  chainId: number;
  userId: number;
  wallet: string;
  only: { farmId: number } | { positionId: number };
};

/**
 * A tracked position's books (the farm detail's and the V3 position history's `books`): its ledger rows
 * (every year) with their gas, and its newest snapshot. Null before the first snapshot (no value now).
 */
export async function loadPositionBooks(
  db: DbOrTrx,
  scope: BooksScope,
  now: BooksNow | null,
): Promise<PositionBooks | null> {
  if (!now) return null;
  const { inputs } = await loadLedgerInputs(db, scope);
  const rows = assembleLedger(inputs, 'UTC').map(({ row }) => row);
  return positionBooks(rows, now);
}

/**
 * The `prices` sentence: which prices each figure used. `sources` names the price source of each token of the
 * newest snapshot ('WMATIC: pair, dQUICK: lair'), when the snapshot stored them.
 */
export function booksPricesSentence(asOfBlock: number, sources: string | null): string {
  const now = sources ? ` (${sources})` : '';
  return (
    `Value now and pending rewards at the prices of block ${asOfBlock}${now}; deposits, withdrawals and ` +
    'reward claims each at the prices of its own block (the history, by the one price rule); gas at the POL ' +
    "price of each transaction's block."
  );
}
