import type { YearSummary } from '@tidewatch/shared';
import type { LedgerContext } from './context.ts';
import { loadLedger } from './load-ledger.ts';
import { yearSummary } from './totals.ts';

/** GET /api/ledger/summary: a calendar year's income by token, gas, deposits and withdrawals, and their rows. */
export async function getYearSummary(
  ctx: LedgerContext,
  userId: number,
  query: { wallet: string; year: number; tz: string },
): Promise<YearSummary> {
  const { wallet, rows, finalBlock } = await loadLedger(ctx, userId, query);
  return yearSummary(rows, { wallet, year: query.year, tz: query.tz, final_block: finalBlock });
}
