import {
  trackedVaultPositionSchema,
  trackedVaultPositionsSchema,
  vaultsTrackedIdParamsSchema,
  vaultsTrackSchema,
  vaultsWalletPositionsSchema,
  vaultsWalletQuerySchema,
} from '@tidewatch/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { throttleGuard } from '../../core/http/throttle-guard.ts';
import type { Throttles } from '../../core/throttle/throttles.ts';
import type { VaultsDeps } from './context.ts';
import { listTrackedVaultPositions, trackVaultPosition, untrackVaultPosition } from './tracking.ts';
import { getWalletHoldings } from './wallet-holdings.ts';

/**
 * The vaults tool (issue 45): a wallet's Dragon's Lair and syrup stakes, and tracking them. Only the user's saved
 * or watch-only wallets; what reads the chain counts against the user's refresh throttle, as find my farms does.
 */
export const vaultsRoutes: FastifyPluginAsyncZod<{ deps: VaultsDeps; throttles: Throttles }> = async (
  app,
  { deps, throttles },
) => {
  const countChainReads = throttleGuard(throttles, 'farm refreshes', (r) => [
    { name: 'farmRefreshesPerUser', key: String(r.user!.id) },
  ]);
  app.get(
    '/api/quickswap/vaults/positions',
    {
      preHandler: [app.requireUser, countChainReads],
      schema: { querystring: vaultsWalletQuerySchema, response: { 200: vaultsWalletPositionsSchema } },
    },
    async (request) => getWalletHoldings(deps, request.user!.id, request.query.wallet_address),
  );

  // Tracking (issue 45, Build 3): the third kind of position of the one portfolio.
  const withClock = { ...deps, now: deps.now ?? (() => new Date()) };
  app.post(
    '/api/quickswap/vaults/tracked',
    {
      preHandler: [app.requireUser, countChainReads],
      schema: { body: vaultsTrackSchema, response: { 200: trackedVaultPositionSchema } },
    },
    async (request) => trackVaultPosition(withClock, request.user!.id, request.body),
  );
  app.get(
    '/api/quickswap/vaults/tracked',
    { preHandler: app.requireUser, schema: { response: { 200: trackedVaultPositionsSchema } } },
    async (request) => listTrackedVaultPositions(deps, request.user!.id),
  );
  app.delete(
    '/api/quickswap/vaults/tracked/:id',
    { preHandler: app.requireUser, schema: { params: vaultsTrackedIdParamsSchema } },
    async (request, reply) => {
      await untrackVaultPosition(deps, request.user!.id, request.params.id);
      return reply.status(204).send();
    },
  );
};
