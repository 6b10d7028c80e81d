import type { FastifyInstance } from 'fastify';
import type { Address } from 'viem';
import type { ChainFeatureDeps } from '../../core/chain-feature-deps.ts';
import { loadSyrupRegistry } from '../../core/farm-index/syrup-registry.ts';
import { vaultsRoutes } from './routes.ts';

/**
 * Wires the vaults tool (issue 45) into the app: a wallet's dQUICK in the Dragon's Lairs and its stakes in every
 * syrup pool QuickSwap listed (the registry, unless the composition names others).
 */
export async function registerVaults(
  app: FastifyInstance,
  deps: ChainFeatureDeps & { lairs: readonly { lair: Address; quick: Address }[] },
): Promise<void> {
  await app.register(vaultsRoutes, {
    deps: {
      db: deps.database.db,
      chainId: deps.chainId,
      oldTokens: deps.oldTokens,
      chain: deps.chain,
      prices: deps.prices,
      lairs: deps.lairs,
      syrups: loadSyrupRegistry().map((syrup) => syrup.address),
    },
    throttles: deps.throttles,
  });
}
