import { type Ledger, ledgerSchema } from '@tidewatch/shared/ledger';
import { api } from '../../../lib/api-client.ts';
import { apiQueryOptions } from '../../../lib/api-query.ts';
import { booksKeys } from './keys.ts';

/** GET /api/ledger?wallet=&tz=: every ledger row of the wallet, all years, local times in `timeZone`. */
export function getLedger(walletAddress: string, timeZone: string, signal?: AbortSignal): Promise<Ledger> {
  const query = new URLSearchParams({ wallet: walletAddress, tz: timeZone });
  return api.get(`/ledger?${query}`, { schema: ledgerSchema, signal });
}

/** The whole ledger in a time zone: the books page lists the years it has rows in. */
export const ledgerQueryOptions = (walletAddress: string, timeZone: string) =>
  apiQueryOptions({
    queryKey: booksKeys.ledger(walletAddress, timeZone),
    fetcher: getLedger,
    args: [walletAddress, timeZone],
  });
