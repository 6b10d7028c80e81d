import type { FarmDetail } from '@tidewatch/shared';
import { api } from '../../../lib/api-client.ts';
import { apiQueryOptions } from '../../../lib/api-query.ts';
import { loadFarmSchemas, schemaFrom } from '../../../lib/start-up-schemas.ts';
import { farmKeys } from './keys.ts';

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

export const farmDetailQueryOptions = (farmAddress: string, account: string | undefined) =>
  apiQueryOptions({
    queryKey: farmKeys.detail(farmAddress, account),
    fetcher: getFarmDetail,
    args: [farmAddress, account],
  });
