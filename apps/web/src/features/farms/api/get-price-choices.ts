import type { FarmPriceChoices } from '@tidewatch/shared';
import { api } from '../../../lib/api-client.ts';
import { apiQueryOptions } from '../../../lib/api-query.ts';
import { loadPriceChoiceSchemas, schemaFrom } from '../../../lib/start-up-schemas.ts';
import { farmKeys } from './keys.ts';

/** Each token of a farm with its price source now, its on-chain price and its CoinMarketCap listings. */
export function getPriceChoices(farmAddress: string, signal?: AbortSignal): Promise<FarmPriceChoices> {
  return api.get(`/quickswap/farm/details/${encodeURIComponent(farmAddress)}/price-choices`, {
    schema: schemaFrom(loadPriceChoiceSchemas, 'farmPriceChoicesSchema'),
    signal,
  });
}

/** Listings and their quotes change slowly (the server caches quotes too): no refetch on every focus. */
const priceChoicesStaleMs = 60_000;

export const farmPriceChoicesQueryOptions = (farmAddress: string) =>
  apiQueryOptions({
    queryKey: farmKeys.priceChoices(farmAddress),
    fetcher: getPriceChoices,
    args: [farmAddress],
    staleTime: priceChoicesStaleMs,
  });
