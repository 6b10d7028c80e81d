import { type SessionResponse, sessionResponseSchema } from '@tidewatch/shared';
import { api } from '../../../lib/api-client.ts';

/** GET /api/internal/token/session: answers for a valid bearer token, 401 for a missing, expired or revoked one. */
export function getSession(signal?: AbortSignal): Promise<SessionResponse> {
  return api.get('/internal/token/session', { schema: sessionResponseSchema, signal });
}
