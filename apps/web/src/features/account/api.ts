import { useMutation } from '@tanstack/react-query';
import { messageResponseSchema } from '@tidewatch/shared';
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

export function useDeleteAccount() {
  return useMutation({
    mutationFn: (password: string) => api.del('/internal/account', { body: { password } }),
  });
}
