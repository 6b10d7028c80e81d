import type { LedgerCsvFormat, LedgerCsvQuery } from '@tidewatch/shared';
import type { AssembledRow } from '../../core/ledger/ledger-types.ts';
import { renderCoinTrackingCsv } from './cointracking-csv.ts';
import type { LedgerContext } from './context.ts';
import { renderKoinlyCsv } from './koinly-csv.ts';
import { loadLedger } from './load-ledger.ts';
import { renderTidewatchCsv } from './tidewatch-csv.ts';

const renderers: Record<LedgerCsvFormat, (rows: AssembledRow[]) => string> = {
  koinly: renderKoinlyCsv,
  cointracking: renderCoinTrackingCsv,
  tidewatch: renderTidewatchCsv,
};

/** GET /api/ledger.csv: the ledger of a year (or every year) in one of the export formats. */
export async function exportLedgerCsv(
  ctx: LedgerContext,
  userId: number,
  query: LedgerCsvQuery,
): Promise<{ filename: string; csv: string }> {
  const { wallet, rows } = await loadLedger(ctx, userId, query);
  const year = query.year ?? 'all';
  return {
    filename: `tidewatch-ledger-${wallet}-${year}-${query.format}.csv`,
    csv: renderers[query.format](rows),
  };
}
