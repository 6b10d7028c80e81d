import { type YearSummary, yearSummarySchema } from '@tidewatch/shared/ledger';
import { api } from '../../../lib/api-client.ts';
import { apiQueryOptions } from '../../../lib/api-query.ts';
import { statusPolling } from '../../../lib/status-polling.ts';
import { booksKeys } from './keys.ts';

/** GET /api/ledger/summary?wallet=&year=&tz=: a calendar year's income, gas, deposits, withdrawals and rows. */
export function getYearSummary(
  walletAddress: string,
  year: number,
  timeZone: string,
  signal?: AbortSignal,
): Promise<YearSummary> {
  const query = new URLSearchParams({ wallet: walletAddress, year: String(year), tz: timeZone });
  return api.get(`/ledger/summary?${query}`, { schema: yearSummarySchema, signal });
}

export const yearSummaryQueryOptions = (walletAddress: string, year: number, timeZone: string) =>
  apiQueryOptions({
    queryKey: booksKeys.summary(walletAddress, year, timeZone),
    fetcher: getYearSummary,
    args: [walletAddress, year, timeZone],
    // The history job reads new events into the ledger on its own: an open page follows (issue 43, finding 4).
    refetchInterval: statusPolling.booksMs,
  });
