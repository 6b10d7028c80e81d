import {
  merklClaimsSchema,
  v3LookupResponseSchema,
  v3LookupSchema,
  v3PositionQuerySchema,
  v3PositionSchema,
  v3TokenIdParamsSchema,
  v3WalletPositionsSchema,
  v3WalletQuerySchema,
} from '@tidewatch/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { throttleGuard } from '../../core/http/throttle-guard.ts';
import type { Throttles } from '../../core/throttle/throttles.ts';
import type { V3PositionsService } from './service.ts';

/**
 * QuickSwap V3 positions: a wallet's (a signed-in user's saved or watch-only wallet only; it reads the chain,
 * so it counts against the user's refresh throttle, as find my farms), one position by id at the latest block or
 * a given one (public data, as a block explorer shows it; throttled per client IP) and reading a pasted id or link.
 */
export const v3PositionsRoutes: FastifyPluginAsyncZod<{
  v3Positions: V3PositionsService;
  throttles: Throttles;
}> = async (app, { v3Positions, throttles }) => {
  const countChainReads = throttleGuard(throttles, 'farm refreshes', (r) => [
    { name: 'farmRefreshesPerUser', key: String(r.user!.id) },
  ]);
  // One position by id is public: throttled per client IP, as the other public routes that cost something.
  const countPublicReads = throttleGuard(throttles, 'position reads', (r) => [
    { name: 'v3PositionReadsPerIp', key: r.ip },
  ]);

  app.get(
    '/api/quickswap/v3/positions',
    {
      preHandler: [app.requireUser, countChainReads],
      schema: { querystring: v3WalletQuerySchema, response: { 200: v3WalletPositionsSchema } },
    },
    async (request) => v3Positions.walletPositions(request.user!.id, request.query.wallet_address),
  );

  app.get(
    '/api/quickswap/v3/positions/:token_id',
    {
      preHandler: countPublicReads,
      schema: {
        params: v3TokenIdParamsSchema,
        querystring: v3PositionQuerySchema,
        response: { 200: v3PositionSchema },
      },
    },
    async (request) =>
      v3Positions.position(request.user?.id ?? null, request.params.token_id, request.query.block),
  );

  // What one Merkl claim pays the wallet now, with the proofs it needs (issue 46): reads the API and the chain.
  app.get(
    '/api/quickswap/v3/merkl/claims',
    {
      preHandler: [app.requireUser, countChainReads],
      schema: { querystring: v3WalletQuerySchema, response: { 200: merklClaimsSchema } },
    },
    async (request) => v3Positions.merklClaims(request.user!.id, request.query.wallet_address),
  );

  app.post(
    '/api/quickswap/v3/lookup',
    { schema: { body: v3LookupSchema, response: { 200: v3LookupResponseSchema } } },
    async (request) => v3Positions.lookup(request.body.query),
  );
};
