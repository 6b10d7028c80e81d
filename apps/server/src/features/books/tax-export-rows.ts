import type { LedgerRow } from '@tidewatch/shared';
import { hasUnknownToken } from '../../core/books/ledger-types.ts';

/**
 * Why a row cannot be a line a tax tool accepts (Koinly, CoinTracking), or null when it can: an opening
 * balance is no transaction; a fee-only transaction whose fee is not known would be a line with no amount;
 * an amount of a token whose decimals are unknown would be its raw integer, a wrong scale.
 */
function taxLineProblem(row: LedgerRow): string | null {
  if (row.kind === 'opening_balance') return null;
  if (row.kind === 'fee_only' && row.gas.status !== 'paid')
    return 'a transaction fee whose receipt is not read';
  if (hasUnknownToken(row)) return 'a token whose decimals are unknown';
  return null;
}

/** A left-out row's transaction fee as a line of its own: the fee only, no amount moved. */
const feeOnlyOf = (row: LedgerRow): LedgerRow => ({
  ...row,
  kind: 'fee_only',
  sent: [],
  received: [],
  underlying: [],
  usd: null,
  usd_error: null,
});

/**
 * The rows the tax tools' files carry: transactions with every amount known (opening balances stay out).
 * The gas sits on a transaction's first row; when that row stays out (a token of unknown decimals), its
 * gas moves to the transaction's next row that stays in, or, when none does, to a fee-only line of its
 * own, so the fee the wallet paid is never lost from the file. Rows come in chain order (a transaction's
 * rows side by side).
 */
export function taxExportRows<T extends { row: LedgerRow }>(rows: T[]): T[] {
  const kept: T[] = [];
  let carried: T | null = null;
  const dropCarried = () => {
    if (carried && carried.row.gas.status === 'paid') kept.push({ ...carried, row: feeOnlyOf(carried.row) });
    carried = null;
  };
  for (const entry of rows) {
    const { row } = entry;
    if (carried && carried.row.tx_hash !== row.tx_hash) dropCarried();
    if (row.kind === 'opening_balance') continue;
    // A burned NFT moves nothing: no line of its own, its gas (if its transaction's first row) carried on.
    if (taxLineProblem(row) !== null || row.kind === 'v3_burn') {
      if (row.gas.status === 'paid' || row.gas.status === 'unknown') carried = entry;
      continue;
    }
    if (carried) {
      kept.push({ ...entry, row: { ...row, gas: carried.row.gas } });
      carried = null;
    } else kept.push(entry);
  }
  dropCarried();
  return kept;
}

/**
 * The rows the tax tools' files leave out for an unknown (not counting opening balances, which are no
 * transaction): how many, and each reason with its count, in the order first met.
 */
export function taxExportLeftOut(rows: { row: LedgerRow }[]): { rows: number; reasons: string[] } {
  const counts = new Map<string, number>();
  for (const { row } of rows) {
    const problem = taxLineProblem(row);
    if (problem) counts.set(problem, (counts.get(problem) ?? 0) + 1);
  }
  return {
    rows: [...counts.values()].reduce((sum, n) => sum + n, 0),
    reasons: [...counts].map(([reason, n]) => `${reason} (${n})`),
  };
}
