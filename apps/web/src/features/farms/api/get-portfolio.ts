import type { Portfolio } from '@tidewatch/shared';
import { api } from '../../../lib/api-client.ts';
import { apiQueryOptions } from '../../../lib/api-query.ts';
import { loadFarmSchemas, schemaFrom } from '../../../lib/start-up-schemas.ts';
import { farmKeys } from './keys.ts';

/** The user's tracked positions added up (value, 24-hour change, profit and loss). */
export function getPortfolio(signal?: AbortSignal): Promise<Portfolio> {
  return api.get('/quickswap/portfolio', { schema: schemaFrom(loadFarmSchemas, 'portfolioSchema'), signal });
}

export const portfolioQueryOptions = () =>
  apiQueryOptions({ queryKey: farmKeys.portfolio(), fetcher: getPortfolio, args: [] });
