import type { MessageResponse } from '@tidewatch/shared';
import { api } from '../../../lib/api-client.ts';
import { loadAuthSchemas, schemaFrom } from '../../../lib/start-up-schemas.ts';

/** POST /api/internal/confirm-email: uses the single-use token from the e-mail's link. */
export function confirmEmail(token: string): Promise<MessageResponse> {
  return api.post(
    '/internal/confirm-email',
    { token },
    {
      schema: schemaFrom(loadAuthSchemas, 'messageResponseSchema'),
    },
  );
}
