import {
  v3PositionHistorySchema,
  v3TokenIdParamsSchema,
  v3TrackedIdParamsSchema,
  v3TrackedPositionSchema,
  v3TrackedPositionsSchema,
  v3TrackedWalletSchema,
  v3TrackSchema,
} from '@tidewatch/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ReadCache } from '../../core/http/read-cache.ts';
import { throttleGuard } from '../../core/http/throttle-guard.ts';
import type { Throttles } from '../../core/throttle/throttles.ts';
import type { V3TrackingService } from './tracking-service.ts';

/**
 * Tracking V3 positions (issue 34, item 5), every route behind a bearer token: track with a saved or
 * watch-only wallet, the tracked list, untrack, refresh, and a tracked position's history and CSV (private
 * to the user tracking it with that wallet: 404 otherwise). Track and refresh read the chain: they count
 * against the user's refresh throttle, as the farms' refreshes do.
 */
export const v3TrackingRoutes: FastifyPluginAsyncZod<{
  tracking: V3TrackingService;
  throttles: Throttles;
  /** The process's read cache for the tracked list and histories; without it they are read every time. */
  readCache?: ReadCache | undefined;
}> = async (app, { tracking, throttles, readCache }) => {
  const cached: ReadCache['answer'] = readCache
    ? readCache.answer
    : async (_request, reply, compute) => reply.send(await compute());
  const auth = { preHandler: app.requireUser };
  const userId = (request: { user: { id: number } | null }) => request.user!.id;
  const chainReads = {
    preHandler: [
      app.requireUser,
      throttleGuard(throttles, 'position refreshes', (r) => [
        { name: 'farmRefreshesPerUser', key: String(userId(r)) },
      ]),
    ],
  };

  app.post(
    '/api/quickswap/v3/track',
    { ...chainReads, schema: { body: v3TrackSchema, response: { 200: v3TrackedPositionSchema } } },
    async (request) => tracking.track(userId(request), request.body),
  );

  app.get(
    '/api/quickswap/v3/tracked-positions',
    { ...auth, schema: { response: { 200: v3TrackedPositionsSchema } } },
    async (request, reply) => cached(request, reply, () => tracking.listTracked(userId(request))),
  );

  app.delete(
    '/api/quickswap/v3/tracked-positions/:id',
    { ...auth, schema: { params: v3TrackedIdParamsSchema } },
    async (request, reply) => {
      await tracking.untrack(userId(request), request.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/quickswap/v3/positions/:token_id/refresh',
    {
      ...chainReads,
      schema: {
        params: v3TokenIdParamsSchema,
        body: v3TrackedWalletSchema,
        response: { 200: v3TrackedPositionSchema },
      },
    },
    async (request) =>
      tracking.refresh(userId(request), request.params.token_id, request.body.wallet_address),
  );

  app.get(
    '/api/quickswap/v3/positions/:token_id/history',
    {
      ...auth,
      schema: {
        params: v3TokenIdParamsSchema,
        querystring: v3TrackedWalletSchema,
        response: { 200: v3PositionHistorySchema },
      },
    },
    async (request, reply) =>
      cached(request, reply, () =>
        tracking.getHistory(userId(request), request.params.token_id, request.query.wallet_address),
      ),
  );

  app.get(
    '/api/quickswap/v3/positions/:token_id/history.csv',
    { ...auth, schema: { params: v3TokenIdParamsSchema, querystring: v3TrackedWalletSchema } },
    async (request, reply) => {
      const { filename, csv } = await tracking.getHistoryCsv(
        userId(request),
        request.params.token_id,
        request.query.wallet_address,
      );
      return reply
        .header('content-type', 'text/csv; charset=utf-8; header=present')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .send(csv);
    },
  );
};
