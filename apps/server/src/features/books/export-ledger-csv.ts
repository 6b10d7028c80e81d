import type { LedgerCsvFormat, LedgerCsvQuery } from '@tidewatch/shared';
import type { AssembledRow } from '../../core/books/ledger-types.ts';
import { renderCoinTrackingCsv } from './cointracking-csv.ts';
import type { LedgerContext } from './context.ts';
import { renderKoinlyCsv } from './koinly-csv.ts';
import { loadLedger } from './load-ledger.ts';
import { taxExportLeftOut } from './tax-export-rows.ts';
import { renderTidewatchCsv } from './tidewatch-csv.ts';

const renderers: Record<LedgerCsvFormat, (rows: AssembledRow[]) => string> = {
  koinly: renderKoinlyCsv,
  cointracking: renderCoinTrackingCsv,
  tidewatch: renderTidewatchCsv,
};

/**
 * GET /api/ledger.csv: the ledger of a year (or every year) in one of the export formats, and for the tax
 * tools' formats the rows their file leaves out for an unknown amount (how many, and why).
 */
export async function exportLedgerCsv(
  ctx: LedgerContext,
  userId: number,
  query: LedgerCsvQuery,
): Promise<{ filename: string; csv: string; leftOut: { rows: number; reasons: string[] } }> {
  const { wallet, rows } = await loadLedger(ctx, userId, query);
  const year = query.year ?? 'all';
  return {
    filename: `tidewatch-ledger-${wallet}-${year}-${query.format}.csv`,
    csv: renderers[query.format](rows),
    leftOut: query.format === 'tidewatch' ? { rows: 0, reasons: [] } : taxExportLeftOut(rows),
  };
}
