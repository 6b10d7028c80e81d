import { queryOptions } from '@tanstack/react-query';
import type { FarmDetail } from '@tidewatch/shared';
import { api } from '../../../lib/api-client.ts';
import { loadFarmSchemas, schemaFrom } from '../../../lib/start-up-schemas.ts';

/** One farm with `account`'s position history (newest first). */
export function getFarmDetail(
  farmAddress: string,
  account: string | undefined,
  signal?: AbortSignal,
): Promise<FarmDetail> {
  const query = account ? `?account=${encodeURIComponent(account)}` : '';
  return api.get(`/quickswap/farm/details/${encodeURIComponent(farmAddress)}${query}`, {
    schema: schemaFrom(loadFarmSchemas, 'farmDetailSchema'),
    signal,
  });
}

export function farmDetailQueryOptions(farmAddress: string, account: string | undefined) {
  return queryOptions({
    queryKey: ['farms', 'detail', farmAddress.toLowerCase(), account?.toLowerCase() ?? null],
    queryFn: ({ signal }) => getFarmDetail(farmAddress, account, signal),
  });
}
