import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { clearSessionToken } from '../../../lib/session.ts';

/**
 * POST /api/internal/logout revokes the token on the server. The local token is cleared whatever the answer:
 * an expired or unreachable session must not keep the user logged in on this device.
 */
export async function logout(): Promise<void> {
  try {
    await api.post('/internal/logout');
  } finally {
    clearSessionToken();
  }
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    // Data fetched for this user must not show for the next one.
    onSettled: () => queryClient.clear(),
  });
}
