import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { loadV3Schemas, schemaFrom } from '../../../lib/start-up-schemas.ts';

/** POST /api/quickswap/v3/lookup {query}: a pasted position id or QuickSwap position URL -> its id. */
export async function lookupPosition(query: string): Promise<string> {
  const answer = await api.post(
    '/quickswap/v3/lookup',
    { query },
    { schema: schemaFrom(loadV3Schemas, 'v3LookupResponseSchema') },
  );
  return answer.token_id;
}

export function useLookupPosition() {
  return useMutation({ mutationFn: lookupPosition });
}
