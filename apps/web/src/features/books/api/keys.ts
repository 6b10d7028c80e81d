/**
 * The books feature's query keys: a wallet's ledger over all years (the year choice reads it) and one year's
 * summary with its rows, each in a time zone (a row's year and local time depend on it).
 */
export const booksKeys = {
  all: ['books'] as const,
  ledgers: () => [...booksKeys.all, 'ledger'] as const,
  ledger: (walletAddress: string, timeZone: string) =>
    [...booksKeys.ledgers(), walletAddress.toLowerCase(), timeZone] as const,
  summaries: () => [...booksKeys.all, 'summary'] as const,
  summary: (walletAddress: string, year: number, timeZone: string) =>
    [...booksKeys.summaries(), walletAddress.toLowerCase(), year, timeZone] as const,
};
