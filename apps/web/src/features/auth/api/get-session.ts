import type { SessionResponse } from '@tidewatch/shared';
import { api } from '../../../lib/api-client.ts';
import { loadAuthSchemas, schemaFrom } from '../../../lib/start-up-schemas.ts';

/** GET /api/internal/token/session: answers for a valid bearer token, 401 for a missing, expired or revoked one. */
export function getSession(signal?: AbortSignal): Promise<SessionResponse> {
  return api.get('/internal/token/session', {
    schema: schemaFrom(loadAuthSchemas, 'sessionResponseSchema'),
    signal,
  });
}
