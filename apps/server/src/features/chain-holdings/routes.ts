import {
  chainHoldingsQuerySchema,
  chainHoldingsSchema,
  chainIdParamsSchema,
  chainsAnswerSchema,
} from '@tidewatch/shared/chains';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { throttleGuard } from '../../core/http/throttle-guard.ts';
import type { Throttles } from '../../core/throttle/throttles.ts';
import { type ChainHoldingsContext, getChainHoldings, listChains } from './get-holdings.ts';

/**
 * QuickSwap wherever it runs (issue 47): which chains this instance reads (public: what the operator set up), and
 * what a signed-in user's saved wallet holds on one of them (it reads the chain, so it counts against the user's
 * refresh throttle, as the other wallet reads).
 */
export const chainHoldingsRoutes: FastifyPluginAsyncZod<{
  ctx: ChainHoldingsContext;
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
};
