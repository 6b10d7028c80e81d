import { onlineManager, useMutation, useQueryClient } from '@tanstack/react-query';
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

/**
 * `onDone` runs after the attempt, success or not. It is a hook-level callback on purpose: the button that
 * started the logout unmounts as soon as the token is gone, and per-call callbacks would then never fire.
 * When it returns a promise (a navigation away from the guarded screens), the cache is emptied once it
 * settles: a query removed while its screen is still shown is fetched again, without a token, and refused.
 */
export function useLogout({ onDone }: { onDone?: () => void | Promise<void> } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      // While the server revokes the token, nothing else may go out with it (a refetch on focus, another
      // tab's change, a poll): it would be refused. Queries wait as if offline until the cache is emptied.
      onlineManager.setOnline(false);
      await queryClient.cancelQueries();
      await logout();
    },
    onSettled: async () => {
      try {
        await onDone?.();
      } finally {
        // Data fetched for this user must not show for the next one.
        queryClient.removeQueries();
        onlineManager.setOnline(true);
      }
    },
  });
}
