import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PriceChoiceChangeRequest, PriceChoiceChangeRequestBody } from '@tidewatch/shared';
import { api } from '../../../lib/api-client.ts';
import { loadPriceChoiceSchemas, schemaFrom } from '../../../lib/start-up-schemas.ts';
import { farmKeys } from './keys.ts';

/** Asks the instance's operator for another price source of a farm's token (decision 033). */
export function requestPriceChoice(
  farmAddress: string,
  body: PriceChoiceChangeRequestBody,
): Promise<PriceChoiceChangeRequest> {
  return api.post(`/quickswap/farm/details/${encodeURIComponent(farmAddress)}/price-choice-request`, body, {
    schema: schemaFrom(loadPriceChoiceSchemas, 'priceChoiceChangeRequestSchema'),
  });
}

/** Sends the request, then refetches the choices so the panel shows it as asked. */
export function useRequestPriceChoice(farmAddress: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PriceChoiceChangeRequestBody) => requestPriceChoice(farmAddress, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: farmKeys.priceChoices(farmAddress) }),
  });
}
