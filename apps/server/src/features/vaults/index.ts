import type { FastifyInstance } from 'fastify';
import type { ChainFeatureDeps } from '../../core/chain-feature-deps.ts';
import type { Config } from '../../core/config.ts';
import { loadSyrupRegistry } from '../../core/farm-index/syrup-registry.ts';
import { loadListedVaults } from '../../core/farm-index/vault-registry.ts';
import type { VaultsDeps } from './context.ts';
import { cachedSteerVaults } from './lists/steer-vaults.ts';
import { vaultsRoutes } from './routes.ts';

/**
 * The vaults tool's reads as configured: both Dragon's Lairs, every syrup pool and Gamma, ICHI and DefiEdge vault
 * QuickSwap listed, and Steer's vaults from its API.
 */
export function createVaultsDeps(
  deps: Omit<VaultsDeps, 'lairs' | 'syrups' | 'listedVaults' | 'steerVaults'> & {
    config: Pick<Config, 'dquick' | 'quick' | 'steer'>;
  },
): VaultsDeps {
  const { config, ...rest } = deps;
  return {
    ...rest,
    lairs: [
      { lair: config.dquick.new, quick: config.quick.new },
      { lair: config.dquick.old, quick: config.quick.old },
    ],
    syrups: loadSyrupRegistry().map((syrup) => syrup.address),
    listedVaults: loadListedVaults(),
    steerVaults: cachedSteerVaults(config.steer, rest.chainId, rest.now),
  };
}

/**
 * Wires the vaults tool (issue 45) into the app: a wallet's dQUICK in the Dragon's Lairs and its stakes in every
 * syrup pool QuickSwap listed, and tracking them.
 */
export async function registerVaults(
  app: FastifyInstance,
  deps: ChainFeatureDeps & {
    config: Pick<Config, 'dquick' | 'quick' | 'steer'>;
    log?: VaultsDeps['log'];
  },
): Promise<void> {
  await app.register(vaultsRoutes, {
    deps: createVaultsDeps({
      db: deps.database.db,
      chainId: deps.chainId,
      oldTokens: deps.oldTokens,
      chain: deps.chain,
      prices: deps.prices,
      now: deps.now,
      config: deps.config,
      log: deps.log,
    }),
    throttles: deps.throttles,
  });
}

// What getting vault shares and new dQUICK out reads (the recovery plan, issue 45).
export { createVaultExitReader, type VaultExitReader } from './exit-reads.ts';

// The positions' history (their events read from the chain), a step on the scheduler's ticks.
export { runVaultHistoryStep } from './history/history-step.ts';

// What the composition (runtime.ts) runs of this feature: the vault positions' kind of scheduled round.
export { type VaultSnapshotRoundDeps, vaultPositionSnapshots } from './schedule/snapshot-round.ts';
