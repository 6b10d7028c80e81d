import type { LedgerRow } from '@tidewatch/shared';
import { hasUnknownToken } from '../../core/ledger/ledger-types.ts';

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

/** The rows the tax tools' files carry: transactions with every amount known (opening balances stay out). */
export function taxExportRows<T extends { row: LedgerRow }>(rows: T[]): T[] {
  return rows.filter(({ row }) => row.kind !== 'opening_balance' && taxLineProblem(row) === null);
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
