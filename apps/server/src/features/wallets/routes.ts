import {
  blockchainParamsSchema,
  blockchainResponseSchema,
  guideStateSchema,
  loginResponseSchema,
  nextStateRequestSchema,
  walletCatalogueResponseSchema,
  walletDetailsResponseSchema,
  walletIdParamsSchema,
  walletListResponseSchema,
  walletLogInMessageRequestSchema,
  walletLogInRequestSchema,
  walletRemovalSchema,
  walletSignUpMessageRequestSchema,
  walletSignUpMessageResponseSchema,
  walletSignUpRequestSchema,
  walletSignUpResponseSchema,
  watchWalletSchema,
} from '@tidewatch/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ReadCache } from '../../core/http/read-cache.ts';
import type { SessionCookies } from '../../core/http/session-cookie.ts';
import { throttleGuard } from '../../core/http/throttle-guard.ts';
import type { Throttles } from '../../core/throttle/throttles.ts';
import type { WalletsService } from './service.ts';

/** Wallet catalogue, blockchains, saved wallets, the connect-wallet guide and sign-up from a wallet. */
export const walletsRoutes: FastifyPluginAsyncZod<{
  wallets: WalletsService;
  throttles: Throttles;
  readCache: ReadCache;
  sessionCookies: SessionCookies;
}> = async (app, { wallets, throttles, readCache, sessionCookies }) => {
  app.get(
    '/api/blockchains/wallets',
    { schema: { response: { 200: walletCatalogueResponseSchema } } },
    async () => ({ wallets: await wallets.getCatalogue() }),
  );

  app.get(
    '/api/blockchains/:chainId',
    { schema: { params: blockchainParamsSchema, response: { 200: blockchainResponseSchema } } },
    async (request) => ({ blockchain: await wallets.getBlockchain(request.params.chainId) }),
  );

  app.get(
    '/api/wallets/connected',
    { preHandler: app.requireUser, schema: { response: { 200: walletListResponseSchema } } },
    async (request, reply) =>
      readCache.answer(request, reply, async () => ({
        wallets: await wallets.listWallets(request.user!.id),
      })),
  );

  app.get(
    '/api/wallets/details/:id',
    {
      preHandler: app.requireUser,
      schema: { params: walletIdParamsSchema, response: { 200: walletDetailsResponseSchema } },
    },
    async (request) => ({ wallet: await wallets.getWallet(request.user!.id, request.params.id) }),
  );

  app.post(
    '/api/wallets/watch',
    {
      preHandler: app.requireUser,
      schema: { body: watchWalletSchema, response: { 201: walletDetailsResponseSchema } },
    },
    async (request, reply) =>
      reply.code(201).send({ wallet: await wallets.watchWallet(request.user!.id, request.body) }),
  );

  app.get(
    '/api/wallets/:id/removal',
    {
      preHandler: app.requireUser,
      schema: { params: walletIdParamsSchema, response: { 200: walletRemovalSchema } },
    },
    async (request) => wallets.describeRemoval(request.user!.id, request.params.id),
  );

  app.delete(
    '/api/wallets/:id',
    {
      preHandler: app.requireUser,
      schema: { params: walletIdParamsSchema, response: { 200: walletRemovalSchema } },
    },
    async (request) => wallets.removeWallet(request.user!.id, request.params.id),
  );

  app.post(
    '/api/wallets/connect_metamask_guide/next-state',
    {
      preHandler: app.requireUser,
      schema: { body: nextStateRequestSchema, response: { 200: guideStateSchema } },
    },
    async (request) => wallets.nextGuideState(request.user!.id, request.body),
  );

  app.post(
    '/api/wallets/sign-up/message',
    {
      // Open to visitors and each call stores a nonce row.
      preHandler: throttleGuard(throttles, 'wallet sign-up requests', (request) => [
        { name: 'walletSignUpMessagePerIp', key: request.ip },
      ]),
      schema: {
        body: walletSignUpMessageRequestSchema,
        response: { 200: walletSignUpMessageResponseSchema },
      },
    },
    async (request) => wallets.issueSignUpMessage(request.body.address),
  );

  app.post(
    '/api/wallets/sign-up',
    { schema: { body: walletSignUpRequestSchema, response: { 200: walletSignUpResponseSchema } } },
    async (request, reply) => {
      const { token, created, restore } = await wallets.signUpWithWallet(
        request.body.message,
        request.body.signature,
      );
      sessionCookies.set(reply, restore);
      return { token, created };
    },
  );

  // Log in with a wallet (/login): like sign-up, but only into an account that exists.
  app.post(
    '/api/wallets/log-in/message',
    {
      preHandler: throttleGuard(throttles, 'wallet login requests', (request) => [
        { name: 'walletSignUpMessagePerIp', key: request.ip },
      ]),
      schema: {
        body: walletLogInMessageRequestSchema,
        response: { 200: walletSignUpMessageResponseSchema },
      },
    },
    async (request) => {
      const { message, expiresAt } = await wallets.issueLogInMessage(request.body.address);
      return { message, expiresAt };
    },
  );

  app.post(
    '/api/wallets/log-in',
    { schema: { body: walletLogInRequestSchema, response: { 200: loginResponseSchema } } },
    async (request, reply) => {
      const { token, restore } = await wallets.logInWithWallet(
        request.body.message,
        request.body.signature,
        request.ip,
      );
      sessionCookies.set(reply, restore);
      return { token };
    },
  );

  // An account without a password deletes itself by signing this (DELETE /api/internal/account).
  app.post(
    '/api/wallets/account-deletion/message',
    { preHandler: app.requireUser, schema: { response: { 200: walletSignUpMessageResponseSchema } } },
    async (request) => wallets.issueDeletionMessage(request.user!.id),
  );
};
