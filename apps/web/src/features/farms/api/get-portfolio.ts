import { queryOptions } from '@tanstack/react-query';
import type { Portfolio } from '@tidewatch/shared';
import { api } from '../../../lib/api-client.ts';
import { loadFarmSchemas, schemaFrom } from '../../../lib/start-up-schemas.ts';

/** The user's tracked positions added up (value, 24-hour change, profit and loss). */
export function getPortfolio(signal?: AbortSignal): Promise<Portfolio> {
  return api.get('/quickswap/portfolio', { schema: schemaFrom(loadFarmSchemas, 'portfolioSchema'), signal });
}

export const portfolioQueryOptions = () =>
  queryOptions({ queryKey: ['farms', 'portfolio'], queryFn: ({ signal }) => getPortfolio(signal) });
