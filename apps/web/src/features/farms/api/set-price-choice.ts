import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FarmPriceChoiceRequest, FarmPriceChoiceResponse } from '@tidewatch/shared';
import { api } from '../../../lib/api-client.ts';
import { loadPriceChoiceSchemas, schemaFrom } from '../../../lib/start-up-schemas.ts';
import { invalidateInOtherTabs } from '../../../lib/tab-sync.ts';
import { farmKeys } from './keys.ts';

/**
 * Changes one token's price source for a farm (decision 021): back to on-chain revalues the stored history,
 * to CoinMarketCap applies from the next snapshot on.
 */
export function setPriceChoice(
  farmAddress: string,
  body: FarmPriceChoiceRequest,
): Promise<FarmPriceChoiceResponse> {
  return api.put(`/quickswap/farm/details/${encodeURIComponent(farmAddress)}/price-choice`, body, {
    schema: schemaFrom(loadPriceChoiceSchemas, 'farmPriceChoiceResponseSchema'),
  });
}

/**
 * Saves a choice, then refetches the farm's figures, returns and chart (every farm query: the lists and the
 * dashboard show the revalued figures too) and the choices themselves, here and in the other open tabs.
 */
export function useSetPriceChoice(farmAddress: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FarmPriceChoiceRequest) => setPriceChoice(farmAddress, body),
    meta: invalidateInOtherTabs(farmKeys.all, farmKeys.priceChoices(farmAddress)),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: farmKeys.all }),
        queryClient.invalidateQueries({ queryKey: farmKeys.priceChoices(farmAddress) }),
      ]),
  });
}
