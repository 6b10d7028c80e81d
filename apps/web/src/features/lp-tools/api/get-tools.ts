import { type ToolsResponse, toolsResponseSchema } from '@tidewatch/shared';
import { api } from '../../../lib/api-client.ts';
import { apiQueryOptions } from '../../../lib/api-query.ts';
import { lpToolKeys } from './keys.ts';

export type Tool = ToolsResponse['tools'][number];

/** The LP tools tree: tools, their products and the imported farms of each. */
export async function getTools(signal?: AbortSignal): Promise<Tool[]> {
  const { tools } = await api.get('/lp-tools/tools', { schema: toolsResponseSchema, signal });
  return tools;
}

export const toolsQueryOptions = () =>
  apiQueryOptions({ queryKey: lpToolKeys.tools(), fetcher: getTools, args: [] });
