import type { LedgerRow } from '@tidewatch/shared/ledger';

/**
 * Why the server leaves a row out of the Koinly and CoinTracking files (its tax-export rule), or null: a
 * fee-only transaction whose fee is not known would be a line without an amount, and a token whose decimals
 * are unknown (symbol '?', decimals 0) would write its raw integer as the amount. Opening balances are no
 * transaction, so not counted.
 */
function taxLineProblem(row: LedgerRow): string | null {
  if (row.kind === 'opening_balance') return null;
  if (row.kind === 'fee_only' && row.gas.status !== 'paid')
    return 'a transaction fee whose receipt is not read';
  const amounts = [...row.sent, ...row.received, ...row.underlying];
  if (amounts.some((a) => a.symbol === '?' && a.decimals === 0)) return 'a token whose decimals are unknown';
  return null;
}

/**
 * The sentence saying which of a year's rows the tax tools' files leave out and why; null when none.
 * @example taxExportNote(rows, 2025) // '1 row of 2025 stays out of the Koinly and CoinTracking files: …'
 */
export function taxExportNote(rows: LedgerRow[], year: number): string | null {
  const counts = new Map<string, number>();
  for (const row of rows) {
    const problem = taxLineProblem(row);
    if (problem) counts.set(problem, (counts.get(problem) ?? 0) + 1);
  }
  const total = [...counts.values()].reduce((sum, n) => sum + n, 0);
  if (total === 0) return null;
  const reasons = [...counts].map(([reason, n]) => `${reason} (${n})`).join('; ');
  const [rowsText, verb, pronoun] =
    total === 1 ? ['1 row', 'stays', 'it'] : [`${total} rows`, 'stay', 'them'];
  return `${rowsText} of ${year} ${verb} out of the Koinly and CoinTracking files: ${reasons}. The Tidewatch CSV has ${pronoun}.`;
}
