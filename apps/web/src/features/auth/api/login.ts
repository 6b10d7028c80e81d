import { useMutation } from '@tanstack/react-query';
import type { Login, LoginResponse } from '@tidewatch/shared';
import { api } from '../../../lib/api-client.ts';
import { setSessionToken } from '../../../lib/session.ts';
import { loadAuthSchemas, schemaFrom } from '../../../lib/start-up-schemas.ts';

/** POST /api/internal/auth; stores the token under sessionStorage `jwtToken` before resolving. */
export async function login(credentials: Login): Promise<LoginResponse> {
  const response = await api.post('/internal/auth', credentials, {
    schema: schemaFrom(loadAuthSchemas, 'loginResponseSchema'),
  });
  setSessionToken(response.token);
  return response;
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
