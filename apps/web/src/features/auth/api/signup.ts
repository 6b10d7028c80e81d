import { useMutation } from '@tanstack/react-query';
import type { MessageResponse, Signup } from '@tidewatch/shared';
import { api } from '../../../lib/api-client.ts';
import { loadAuthSchemas, schemaFrom } from '../../../lib/start-up-schemas.ts';

/** POST /api/internal/signup: creates the account and sends the confirmation e-mail (201). */
export function signup(input: Signup): Promise<MessageResponse> {
  return api.post('/internal/signup', input, {
    schema: schemaFrom(loadAuthSchemas, 'messageResponseSchema'),
  });
}

export function useSignup() {
  return useMutation({ mutationFn: signup });
}
