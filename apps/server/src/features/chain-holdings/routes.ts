import {
  chainHoldingsQuerySchema,
  chainHoldingsSchema,
  chainIdParamsSchema,
  chainsAnswerSchema,
  chainWalletHistorySchema,
  trackChainWalletBodySchema,
  trackedChainWalletIdParamsSchema,
  trackedChainWalletSchema,
  trackedChainWalletsSchema,
} from '@tidewatch/shared/chains';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { throttleGuard } from '../../core/http/throttle-guard.ts';
import type { Throttles } from '../../core/throttle/throttles.ts';
import { type ChainHoldingsContext, getChainHoldings, listChains } from './get-holdings.ts';
import {
  getChainWalletHistory,
  listTrackedChainWallets,
  trackChainWallet,
  untrackChainWallet,
} from './tracking.ts';

/**
 * QuickSwap wherever it runs (issue 47): which chains this instance reads (public: what the operator set up),
 * what a signed-in user's saved wallet holds on one of them (it reads the chain, so it counts against the user's
 * refresh throttle, as the other wallet reads), and the wallets the user tracks there (they join the portfolio).
 */
export const chainHoldingsRoutes: FastifyPluginAsyncZod<{
  ctx: ChainHoldingsContext & { now: () => Date };
  throttles: Throttles;
}> = async (app, { ctx, throttles }) => {
  const countChainReads = throttleGuard(throttles, 'farm refreshes', (r) => [
    { name: 'farmRefreshesPerUser', key: String(r.user!.id) },
  ]);

  app.get('/api/chains', { schema: { response: { 200: chainsAnswerSchema } } }, async () => ({
    chains: await listChains(ctx),
  }));

  app.get(
    '/api/quickswap/chains/:chain_id/holdings',
    {
      preHandler: [app.requireUser, countChainReads],
      schema: {
        params: chainIdParamsSchema,
        querystring: chainHoldingsQuerySchema,
        response: { 200: chainHoldingsSchema },
      },
    },
    async (request) =>
      getChainHoldings(ctx, request.user!.id, request.params.chain_id, request.query.wallet_address),
  );

  app.get(
    '/api/quickswap/chains/tracked',
    { preHandler: app.requireUser, schema: { response: { 200: trackedChainWalletsSchema } } },
    async (request) => listTrackedChainWallets(ctx, request.user!.id),
  );

  app.post(
    '/api/quickswap/chains/:chain_id/tracked',
    {
      preHandler: [app.requireUser, countChainReads],
      schema: {
        params: chainIdParamsSchema,
        body: trackChainWalletBodySchema,
        response: { 201: trackedChainWalletSchema },
      },
    },
    async (request, reply) => {
      const tracked = await trackChainWallet(
        ctx,
        request.user!.id,
        request.params.chain_id,
        request.body.wallet_address,
      );
      return reply.code(201).send(tracked);
    },
  );

  app.delete(
    '/api/quickswap/chains/tracked/:id',
    { preHandler: app.requireUser, schema: { params: trackedChainWalletIdParamsSchema } },
    async (request, reply) => {
      await untrackChainWallet(ctx, request.user!.id, request.params.id);
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/quickswap/chains/tracked/:id/history',
    {
      preHandler: app.requireUser,
      schema: { params: trackedChainWalletIdParamsSchema, response: { 200: chainWalletHistorySchema } },
    },
    async (request) => getChainWalletHistory(ctx, request.user!.id, request.params.id),
  );
};
