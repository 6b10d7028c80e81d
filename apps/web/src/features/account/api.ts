import { useMutation } from '@tanstack/react-query';
import {
  type DeleteAccount,
  messageResponseSchema,
  walletSignUpMessageResponseSchema,
} from '@tidewatch/shared';
import { api } from '../../lib/api-client.ts';

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: async (email: string) =>
      (await api.post('/internal/password-reset', { email }, { schema: messageResponseSchema })).message,
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: async (input: { token: string; password: string }) =>
      (await api.post('/internal/password-reset/confirm', input, { schema: messageResponseSchema })).message,
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: async (input: { current_password: string; new_password: string }) =>
      (await api.post('/internal/password', input, { schema: messageResponseSchema })).message,
  });
}

/** DELETE /api/internal/account with the password, or (an account without one) a signed deletion message. */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (proof: DeleteAccount) => api.del('/internal/account', { body: proof }),
  });
}

/** POST /api/wallets/account-deletion/message: the text the account's wallet signs to delete it. */
export async function requestDeletionMessage(): Promise<string> {
  const { message } = await api.post('/wallets/account-deletion/message', undefined, {
    schema: walletSignUpMessageResponseSchema,
  });
  return message;
}

/** 'set a password', step 1: the address the link goes to (an account without a password). */
export function useRequestPasswordSetup() {
  return useMutation({
    mutationFn: async (email: string) =>
      (await api.post('/internal/account/password-setup', { email }, { schema: messageResponseSchema }))
        .message,
  });
}

/** Step 2, the e-mailed link's page: the password. */
export function useConfirmPasswordSetup() {
  return useMutation({
    mutationFn: async (input: { token: string; password: string }) =>
      (await api.post('/internal/account/password-setup/confirm', input, { schema: messageResponseSchema }))
        .message,
  });
}
