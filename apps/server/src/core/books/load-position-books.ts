import type { PositionBooks } from '@tidewatch/shared';
import type { DbOrTrx } from '../db/index.ts';
import { assembleLedger } from './assemble-ledger.ts';
import { type LedgerSource, loadLedgerInputs } from './ledger-sources.ts';
import { type BooksNow, positionBooks } from './position-books.ts';

/** Which position: one farm, or one V3 position, tracked by the user with the wallet. */
export type BooksScope = {
  chainId: number;
  userId: number;
  wallet: string;
  only: { farmId: number } | { positionId: number };
};

/**
 * A tracked position's books (the farm detail's `books`): its ledger rows (every year, from its kind's
 * `source`) up to the block of
 * value now, with their gas; value now from `nowAt(finalBlock)`, the snapshot the caller picks at or below
 * the block the events were read to. Value now and the events agree: a stake not read yet, or read but
 * after the snapshot, is in neither. Null when there is no such snapshot yet (no value now).
 */
export async function loadPositionBooks(
  db: DbOrTrx,
  scope: BooksScope,
  source: LedgerSource,
  nowAt: (finalBlock: number) => Promise<BooksNow | null>,
): Promise<PositionBooks | null> {
  const { inputs, finalBlock } = await loadLedgerInputs(db, scope, [source]);
  const now = await nowAt(finalBlock);
  if (!now) return null;
  // Events up to the snapshot only: a stake read after it would count in deposited but not in value now.
  const rows = assembleLedger(inputs, 'UTC')
    .map(({ row }) => row)
    .filter((row) => row.block_number <= now.asOfBlock);
  return positionBooks(rows, now, finalBlock);
}

/**
 * The `prices` sentence: which prices each figure used. `sources` names the price source of each token of the
 * snapshot ('WMATIC: pair, dQUICK: lair'), when the snapshot stored them; `finalBlock`, when given, is the
 * block the events were read to, the snapshot being the newest at or below it.
 */
export function booksPricesSentence(asOfBlock: number, sources: string | null, finalBlock?: number): string {
  const now = sources ? ` (${sources})` : '';
  const final =
    finalBlock === undefined
      ? ''
      : `, the newest snapshot at or below block ${finalBlock}, the last final block the events were read to ` +
        '(newer snapshots wait until their events are final), with the events up to its block';
  return (
    `Value now and pending rewards at the prices of block ${asOfBlock}${now}${final}; deposits, withdrawals and ` +
    'reward claims each at the prices of its own block (the history, by the one price rule); gas at the POL ' +
    "price of each transaction's block."
  );
}
