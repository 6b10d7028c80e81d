import {
  changePasswordSchema,
  confirmEmailBanner,
  confirmEmailSchema,
  deleteAccountSchema,
  emailConfirmedMessage,
  integrationCallbackResponseSchema,
  integrationCallbackSchema,
  loginResponseSchema,
  loginSchema,
  messageResponseSchema,
  passwordResetDoneMessage,
  passwordResetRequestSchema,
  passwordResetSchema,
  passwordResetSentMessage,
  sessionResponseSchema,
  signupSchema,
} from '@tidewatch/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { throttleGuard } from '../../http/throttle-guard.ts';
import type { Throttles } from '../../throttle/throttles.ts';
import type { AccountsService } from './service.ts';

/** Sign-up, e-mail confirmation, login / logout, session, and the exchange-connected login. */
export const accountsRoutes: FastifyPluginAsyncZod<{
  accounts: AccountsService;
  throttles: Throttles;
  /** Deletes the user and all their data (see delete-account.ts). */
  deleteAccount: (userId: number) => Promise<void>;
}> = async (app, { accounts, throttles, deleteAccount }) => {
  // Counted per address whether or not it is registered, and the 429 is the same either way.
  const signUpThrottle = throttleGuard(throttles, 'sign-up attempts', (request) => [
    { name: 'signUpPerIp', key: request.ip },
    { name: 'signUpPerEmail', key: (request.body as { email: string }).email },
  ]);

  app.post(
    '/api/internal/signup',
    {
      preHandler: signUpThrottle,
      schema: { body: signupSchema, response: { 201: messageResponseSchema } },
    },
    async (request, reply) => {
      await accounts.signUp(request.body.email, request.body.password);
      return reply.code(201).send({ message: confirmEmailBanner });
    },
  );

  // A POST (not a GET link) because mail scanners pre-fetch links; the SPA page calls this.
  app.post(
    '/api/internal/confirm-email',
    { schema: { body: confirmEmailSchema, response: { 200: messageResponseSchema } } },
    async (request) => {
      await accounts.confirmEmail(request.body.token);
      return { message: emailConfirmedMessage };
    },
  );

  app.post(
    '/api/internal/auth',
    { schema: { body: loginSchema, response: { 200: loginResponseSchema } } },
    async (request) => {
      const { token } = await accounts.logIn(request.body.email, request.body.password, request.ip);
      return { token };
    },
  );

  app.post(
    '/api/internal/integrations/callback',
    { schema: { body: integrationCallbackSchema, response: { 200: integrationCallbackResponseSchema } } },
    async (request) => {
      const { email, password, code } = request.body;
      const { token } = await accounts.logInWithExchangeCode(email, password, code, request.ip);
      return { token, message: confirmEmailBanner };
    },
  );

  const resetThrottle = throttleGuard(throttles, 'password reset requests', (request) => [
    { name: 'passwordResetPerIp', key: request.ip },
    { name: 'passwordResetPerEmail', key: (request.body as { email: string }).email },
  ]);

  app.post(
    '/api/internal/password-reset',
    {
      preHandler: resetThrottle,
      schema: { body: passwordResetRequestSchema, response: { 200: messageResponseSchema } },
    },
    async (request) => {
      await accounts.requestPasswordReset(request.body.email);
      return { message: passwordResetSentMessage };
    },
  );

  app.post(
    '/api/internal/password-reset/confirm',
    { schema: { body: passwordResetSchema, response: { 200: messageResponseSchema } } },
    async (request) => {
      await accounts.resetPassword(request.body.token, request.body.password);
      return { message: passwordResetDoneMessage };
    },
  );

  app.post(
    '/api/internal/password',
    {
      preHandler: app.requireUser,
      schema: { body: changePasswordSchema, response: { 200: messageResponseSchema } },
    },
    async (request) => {
      await accounts.changePassword(
        request.user!.id,
        request.body.current_password,
        request.body.new_password,
        request.auth!.jti,
      );
      return { message: 'your password was changed and every other session logged out' };
    },
  );

  app.delete(
    '/api/internal/account',
    { preHandler: app.requireUser, schema: { body: deleteAccountSchema } },
    async (request, reply) => {
      await accounts.confirmPassword(request.user!.id, request.body.password);
      await deleteAccount(request.user!.id);
      return reply.code(204).send();
    },
  );

  app.post('/api/internal/logout', { preHandler: app.requireUser }, async (request, reply) => {
    await accounts.logOut(request.auth!);
    return reply.code(204).send();
  });

  app.get(
    '/api/internal/token/session',
    { preHandler: app.requireUser, schema: { response: { 200: sessionResponseSchema } } },
    async (request) => ({
      session: { user: request.user!, expiresAt: request.auth!.expiresAt.toISOString() },
    }),
  );
};
