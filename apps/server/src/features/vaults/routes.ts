import { vaultsWalletPositionsSchema, vaultsWalletQuerySchema } from '@tidewatch/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { throttleGuard } from '../../core/http/throttle-guard.ts';
import type { Throttles } from '../../core/throttle/throttles.ts';
import type { VaultsDeps } from './context.ts';
import { getWalletHoldings } from './wallet-holdings.ts';

/**
 * The vaults tool (issue 45): a wallet's Dragon's Lair and syrup stakes. Only the user's saved or watch-only
 * wallets; it reads the chain, so it counts against the user's refresh throttle, as find my farms does.
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
};
