import { useMutation } from '@tanstack/react-query';
import type { OkResponse, WaitlistSignup } from '@tidewatch/shared';
import { api } from '../../../lib/api-client.ts';
import { loadAuthSchemas, schemaFrom } from '../../../lib/start-up-schemas.ts';

/** POST /api/internal/waitlist: the answer is only a success signal (a repeat e-mail also succeeds). */
export function joinWaitlist(input: WaitlistSignup): Promise<OkResponse> {
  return api.post('/internal/waitlist', input, {
    schema: schemaFrom(loadAuthSchemas, 'okResponseSchema'),
  });
}

export function useJoinWaitlist() {
  return useMutation({ mutationFn: joinWaitlist });
}
