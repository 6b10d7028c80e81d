import type { LedgerCsvFormat } from '@tidewatch/shared/ledger';
import { api } from '../../../lib/api-client.ts';

/** The export formats as buttons name them: the two tax tools' CSV and the app's own with every column. */
export const ledgerCsvChoices = [
  { format: 'koinly', label: 'Koinly CSV' },
  { format: 'cointracking', label: 'CoinTracking CSV' },
  { format: 'tidewatch', label: 'Tidewatch CSV' },
] as const satisfies ReadonlyArray<{ format: LedgerCsvFormat; label: string }>;

export type LedgerCsvRequest = {
  walletAddress: string;
  year: number;
  format: LedgerCsvFormat;
  timeZone: string;
};

/**
 * GET /api/ledger.csv?wallet=&year=&format=&tz=: a year's ledger as CSV. Fetched with the bearer token (a plain
 * link would carry none) and saved from the page.
 */
export function getLedgerCsv({ walletAddress, year, format, timeZone }: LedgerCsvRequest): Promise<string> {
  const query = new URLSearchParams({ wallet: walletAddress, year: String(year), format, tz: timeZone });
  return api.get<string>(`/ledger.csv?${query}`);
}

/** The saved file's name, as the server's Content-Disposition names it (the wallet as saved, checksummed). */
export function ledgerCsvFileName({
  walletAddress,
  year,
  format,
}: Omit<LedgerCsvRequest, 'timeZone'>): string {
  return `tidewatch-ledger-${walletAddress}-${year}-${format}.csv`;
}
