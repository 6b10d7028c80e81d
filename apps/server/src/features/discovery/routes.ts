import {
  farmIndexPageSchema,
  farmIndexQuerySchema,
  findMyFarmsResponseSchema,
  findMyFarmsSchema,
  leftInEndedFarmsSchema,
  trackDiscoveredResponseSchema,
  trackDiscoveredSchema,
} from '@tidewatch/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { throttleGuard } from '../../core/http/throttle-guard.ts';
import type { Throttles } from '../../core/throttle/throttles.ts';
import type { DiscoveryService } from './service.ts';

/**
 * The farm index (public: every QuickSwap farm is public data), 'find my farms' and tracking what it
 * found (a logged-in user's saved or watch-only wallets only; they read the chain, so they count against
 * the user's refresh throttle).
 */
export const discoveryRoutes: FastifyPluginAsyncZod<{
  discovery: DiscoveryService;
  throttles: Throttles;
}> = async (app, { discovery, throttles }) => {
  const countChainReads = throttleGuard(throttles, 'farm refreshes', (r) => [
    { name: 'farmRefreshesPerUser', key: String(r.user!.id) },
  ]);
  const chainReads = { preHandler: [app.requireUser, countChainReads] };

  app.get(
    '/api/quickswap/farm-index',
    { schema: { querystring: farmIndexQuerySchema, response: { 200: farmIndexPageSchema } } },
    async (request, reply) => {
      // 'where my wallets have something' reads the chain for the user's wallets: a session, and counted.
      if (request.query.holdings === 'mine') {
        await app.requireUser(request);
        await countChainReads.call(app, request, reply);
      }
      return discovery.listIndex(request.query, request.user?.id ?? null);
    },
  );

  app.post(
    '/api/quickswap/find-my-farms',
    { ...chainReads, schema: { body: findMyFarmsSchema, response: { 200: findMyFarmsResponseSchema } } },
    async (request) => discovery.findMyFarms(request.user!.id, request.body.wallet_address),
  );

  app.get(
    '/api/quickswap/left-in-ended-farms',
    { ...chainReads, schema: { response: { 200: leftInEndedFarmsSchema } } },
    async (request) => discovery.leftInEndedFarms(request.user!.id),
  );

  app.post(
    '/api/quickswap/track-discovered',
    {
      ...chainReads,
      schema: { body: trackDiscoveredSchema, response: { 200: trackDiscoveredResponseSchema } },
    },
    async (request) => discovery.trackDiscovered(request.user!.id, request.body),
  );
};
