import type { Ledger, LedgerQuery } from '@tidewatch/shared';
import type { LedgerContext } from './context.ts';
import { loadLedger } from './load-ledger.ts';
import { ledgerTotals } from './totals.ts';

/** GET /api/ledger: a wallet's rows of a year (or every year) in chain order, and their totals. */
export async function getLedger(ctx: LedgerContext, userId: number, query: LedgerQuery): Promise<Ledger> {
  const { wallet, rows, finalBlock } = await loadLedger(ctx, userId, query);
  const wire = rows.map(({ row }) => row);
  return {
    wallet,
    year: query.year ?? null,
    tz: query.tz,
    final_block: finalBlock,
    rows: wire,
    totals: ledgerTotals(wire),
  };
}
