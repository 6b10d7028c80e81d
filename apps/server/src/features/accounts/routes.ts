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
  passwordSetupDoneMessage,
  passwordSetupRequestSchema,
  passwordSetupSchema,
  passwordSetupSentMessage,
  sessionResponseSchema,
  sessionRestoreResponseSchema,
  signupSchema,
} from '@tidewatch/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SessionCookies } from '../../core/http/session-cookie.ts';
import { throttleGuard } from '../../core/http/throttle-guard.ts';
import type { Throttles } from '../../core/throttle/throttles.ts';
import type { AccountsService } from './service.ts';

/** Sign-up, e-mail confirmation, login / logout, session, and the exchange-connected login. */
export const accountsRoutes: FastifyPluginAsyncZod<{
  accounts: AccountsService;
  throttles: Throttles;
  /** Deletes the user and all their data (see delete-account.ts). */
  deleteAccount: (userId: number) => Promise<void>;
  /** Checks a signed deletion message of an account without a password (features/wallets); throws if not. */
  checkDeletionSignature: (userId: number, message: string, signature: string) => Promise<void>;
  sessionCookies: SessionCookies;
}> = async (app, { accounts, throttles, deleteAccount, checkDeletionSignature, sessionCookies }) => {
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
    async (request, reply) => {
      const { token, restore } = await accounts.logIn(request.body.email, request.body.password, request.ip);
      sessionCookies.set(reply, restore);
      return { token };
    },
  );

  app.post(
    '/api/internal/integrations/callback',
    { schema: { body: integrationCallbackSchema, response: { 200: integrationCallbackResponseSchema } } },
    async (request, reply) => {
      const { email, password, code } = request.body;
      const { token, restore } = await accounts.logInWithExchangeCode(email, password, code, request.ip);
      sessionCookies.set(reply, restore);
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
        { jti: request.auth!.jti, restoreValue: sessionCookies.read(request) },
      );
      return { message: 'your password was changed and every other session logged out' };
    },
  );

  app.delete(
    '/api/internal/account',
    { preHandler: app.requireUser, schema: { body: deleteAccountSchema } },
    async (request, reply) => {
      const userId = request.user!.id;
      if ('password' in request.body) await accounts.confirmPassword(userId, request.body.password);
      else await checkDeletionSignature(userId, request.body.message, request.body.signature);
      await deleteAccount(userId);
      sessionCookies.clear(reply);
      return reply.code(204).send();
    },
  );

  app.post('/api/internal/logout', { preHandler: app.requireUser }, async (request, reply) => {
    await accounts.logOut(request.auth!, sessionCookies.read(request));
    sessionCookies.clear(reply);
    return reply.code(204).send();
  });

  // A new tab of a signed-in browser: the httpOnly restore cookie buys a fresh bearer token (decision 022).
  // A POST, so the CSRF check applies; 200 with a null token when there is nothing to restore.
  app.post(
    '/api/internal/session/restore',
    { schema: { response: { 200: sessionRestoreResponseSchema } } },
    async (request, reply) => {
      const value = sessionCookies.read(request);
      const restored = value ? await accounts.restoreSession(value) : null;
      if (!restored) {
        sessionCookies.clear(reply);
        return { token: null };
      }
      if (restored.restore) sessionCookies.set(reply, restored.restore);
      return { token: restored.token };
    },
  );

  // 'set a password' for an account made from a wallet; each request e-mails, so it is counted like resets.
  app.post(
    '/api/internal/account/password-setup',
    {
      preHandler: [
        app.requireUser,
        throttleGuard(throttles, 'password setup requests', (request) => [
          { name: 'passwordResetPerIp', key: request.ip },
          { name: 'passwordResetPerEmail', key: (request.body as { email: string }).email },
        ]),
      ],
      schema: { body: passwordSetupRequestSchema, response: { 200: messageResponseSchema } },
    },
    async (request) => {
      await accounts.requestPasswordSetup(request.user!.id, request.body.email);
      return { message: passwordSetupSentMessage(request.body.email) };
    },
  );

  app.post(
    '/api/internal/account/password-setup/confirm',
    { schema: { body: passwordSetupSchema, response: { 200: messageResponseSchema } } },
    async (request) => {
      await accounts.confirmPasswordSetup(request.body.token, request.body.password);
      return { message: passwordSetupDoneMessage };
    },
  );

  app.get(
    '/api/internal/token/session',
    { preHandler: app.requireUser, schema: { response: { 200: sessionResponseSchema } } },
    async (request) => ({
      session: { user: request.user!, expiresAt: request.auth!.expiresAt.toISOString() },
    }),
  );
};
