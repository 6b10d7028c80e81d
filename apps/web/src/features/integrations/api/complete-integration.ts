import { useMutation } from '@tanstack/react-query';
import {
  type IntegrationCallback,
  type IntegrationCallbackResponse,
  integrationCallbackResponseSchema,
} from '@tidewatch/shared';
import { api } from '../../../lib/api-client.ts';
import { setSessionToken } from '../../../lib/session.ts';

/**
 * POST /api/internal/integrations/callback: logs in and keeps the exchange's code with the account as a pending
 * connection. The token is stored like a normal login's.
 */
export async function completeIntegration(input: IntegrationCallback): Promise<IntegrationCallbackResponse> {
  const response = await api.post('/internal/integrations/callback', input, {
    schema: integrationCallbackResponseSchema,
  });
  setSessionToken(response.token);
  return response;
}

export function useCompleteIntegration() {
  return useMutation({ mutationFn: completeIntegration });
}
