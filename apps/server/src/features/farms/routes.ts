import {
  addressParamsSchema,
  createDualSnapshotsSchema,
  createLpSnapshotsSchema,
  dualFarmListItemSchema,
  dualFarmListSchema,
  farmDetailQuerySchema,
  farmDetailSchema,
  farmListQuerySchema,
  lpFarmListItemSchema,
  lpFarmListSchema,
  portfolioSchema,
  positionsCsvQuerySchema,
  tokenSnapshotsResponseSchema,
  toolsResponseSchema,
  trackDualFarmResponseSchema,
  trackedSummarySchema,
  trackFarmSchema,
  trackLpFarmResponseSchema,
  untrackQuerySchema,
  untrackResponseSchema,
} from '@tidewatch/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ReadCache } from '../../core/http/read-cache.ts';
import { throttleGuard } from '../../core/http/throttle-guard.ts';
import type { Throttles } from '../../core/throttle/throttles.ts';
import type { FarmsService } from './service.ts';

/**
 * Farm endpoints (spec section 7). Lists and details are public (on-chain positions are public data);
 * tracking, tracked lists, refreshes, token snapshots and the tools tree need a bearer token.
 */
export const farmsRoutes: FastifyPluginAsyncZod<{
  farms: FarmsService;
  throttles: Throttles;
  readCache: ReadCache;
}> = async (app, { farms, throttles, readCache }) => {
  const auth = { preHandler: app.requireUser };
  const userId = (request: { user: { id: number } | null }) => request.user!.id;
  // The heavy reads answer from the read cache: per user (or public) and URL, until the data changes.
  const cached = readCache.answer;

  // Refreshes and token snapshots read the chain (and may spend CoinMarketCap credits): counted per
  // user, after authentication, so one account cannot drive the upstream bill.
  const refreshes = {
    preHandler: [
      app.requireUser,
      throttleGuard(throttles, 'farm refreshes', (r) => [
        { name: 'farmRefreshesPerUser', key: String(userId(r)) },
      ]),
    ],
  };
  const tokenSnapshots = {
    preHandler: [
      app.requireUser,
      throttleGuard(throttles, 'token snapshot requests', (r) => [
        { name: 'tokenSnapshotsPerUser', key: String(userId(r)) },
      ]),
    ],
  };

  app.get(
    '/api/quickswap/farmable-pools',
    { schema: { response: { 200: lpFarmListSchema } } },
    async (request, reply) => cached(request, reply, () => farms.listFarms('lp')),
  );

  app.get(
    '/api/quickswap/farmable-pools/:address',
    {
      preHandler: app.identifyUser,
      schema: { params: addressParamsSchema, response: { 200: lpFarmListSchema } },
    },
    async (request, reply) =>
      cached(request, reply, () => farms.listFarms('lp', request.params.address, request.user?.id)),
  );

  app.get(
    '/api/quickswap/dual-mining/farms',
    {
      preHandler: app.identifyUser,
      schema: { querystring: farmListQuerySchema, response: { 200: dualFarmListSchema } },
    },
    async (request, reply) =>
      cached(request, reply, () => farms.listFarms('dual', request.query.account, request.user?.id)),
  );

  app.post(
    '/api/quickswap/track-farmable-pool',
    { ...auth, schema: { body: trackFarmSchema, response: { 200: trackLpFarmResponseSchema } } },
    async (request) => farms.trackFarm('lp', userId(request), request.body),
  );

  app.post(
    '/api/quickswap/dual-mining/tracked-farm',
    { ...auth, schema: { body: trackFarmSchema, response: { 200: trackDualFarmResponseSchema } } },
    async (request) => farms.trackFarm('dual', userId(request), request.body),
  );

  app.get(
    '/api/quickswap/get-tracked-pools/:address',
    { ...auth, schema: { params: addressParamsSchema, response: { 200: lpFarmListSchema } } },
    async (request, reply) =>
      cached(request, reply, () => farms.listTracked('lp', userId(request), request.params.address)),
  );

  app.get(
    '/api/quickswap/dual-mining/tracked-farms',
    { ...auth, schema: { response: { 200: dualFarmListSchema } } },
    async (request, reply) => cached(request, reply, () => farms.listTracked('dual', userId(request))),
  );

  app.post(
    '/api/quickswap/create-snapshots',
    { ...refreshes, schema: { body: createLpSnapshotsSchema, response: { 200: lpFarmListItemSchema } } },
    async (request) =>
      farms.refreshFarm('lp', userId(request), request.body.address, request.body.account_address),
  );

  app.post(
    '/api/quickswap/dual-mining/snapshots',
    {
      ...refreshes,
      schema: { body: createDualSnapshotsSchema, response: { 200: dualFarmListItemSchema } },
    },
    async (request) =>
      farms.refreshFarm('dual', userId(request), request.body.farm_address, request.body.account_address),
  );

  app.get(
    '/api/quickswap/farm/details/:address',
    {
      schema: {
        params: addressParamsSchema,
        querystring: farmDetailQuerySchema,
        response: { 200: farmDetailSchema },
      },
    },
    async (request, reply) => {
      const { account } = request.query;
      // The position (history, returns, chart) is private to a user tracking it: 401 without a session.
      if (account) await app.requireUser(request);
      return cached(request, reply, () =>
        farms.getFarmDetail(
          request.params.address,
          account ? { address: account, userId: userId(request) } : undefined,
        ),
      );
    },
  );

  app.get(
    '/api/quickswap/farm/details/:address/positions.csv',
    { ...auth, schema: { params: addressParamsSchema, querystring: positionsCsvQuerySchema } },
    async (request, reply) => {
      const { filename, csv } = await farms.getPositionsCsv(request.params.address, {
        address: request.query.account,
        userId: userId(request),
      });
      return reply
        .header('content-type', 'text/csv; charset=utf-8; header=present')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .send(csv);
    },
  );

  app.post(
    '/api/quickswap/token-snapshots',
    { ...tokenSnapshots, schema: { response: { 201: tokenSnapshotsResponseSchema } } },
    async (_request, reply) => reply.code(201).send(await farms.createTokenSnapshots()),
  );

  app.get('/api/lp-tools/tools', { ...auth, schema: { response: { 200: toolsResponseSchema } } }, async () =>
    farms.getTools(),
  );

  app.delete(
    '/api/quickswap/tracked/:address',
    {
      ...auth,
      schema: {
        params: addressParamsSchema,
        querystring: untrackQuerySchema,
        response: { 200: untrackResponseSchema },
      },
    },
    async (request) =>
      farms.untrackFarm(
        userId(request),
        request.params.address,
        request.query.wallet_address,
        request.query.delete_history,
      ),
  );

  app.get(
    '/api/quickswap/portfolio',
    { ...auth, schema: { response: { 200: portfolioSchema } } },
    async (request) => farms.getPortfolio(userId(request)),
  );

  app.get(
    '/api/quickswap/tracked-summary',
    { ...auth, schema: { response: { 200: trackedSummarySchema } } },
    async (request, reply) => cached(request, reply, () => farms.getTrackedSummary(userId(request))),
  );
};
