import type { FastifyInstance } from 'fastify';
import { type Address, getAddress } from 'viem';
import type { ChainFeatureDeps } from '../../core/chain-feature-deps.ts';
import { loadSyrupRegistry } from '../../core/farm-index/syrup-registry.ts';
import { createConfiguredSnapshotPipeline } from '../../core/snapshots/index.ts';
import type { VaultExitReader } from '../vaults/index.ts';
import type { V3ActionContracts } from './context.ts';
import type { RecoveryContracts } from './plan/chain-state.ts';
import { recoveryRoutes } from './routes.ts';
import { createRecoveryService } from './service.ts';

/** Wires recovery (issue 33) into the app: a wallet's recovery plan and the transactions of its steps. */
export async function registerRecovery(
  app: FastifyInstance,
  deps: ChainFeatureDeps & {
    contracts: RecoveryContracts;
    pairFactory: Address;
    wmatic: Address;
    vaults?: VaultExitReader;
    v3Actions?: V3ActionContracts;
    /** How long recording a sent transaction waits for the chain to know it (default 15 s; tests shorten it). */
    receiptWaitMs?: number;
  },
): Promise<void> {
  const now = deps.now ?? (() => new Date());
  const recovery = createRecoveryService({
    db: deps.database.db,
    chainId: deps.chainId,
    chain: deps.chain,
    prices: deps.prices,
    pipeline: createConfiguredSnapshotPipeline({ ...deps, db: deps.database.db, now }),
    oldTokens: deps.oldTokens,
    // Checksummed: the browser compares them with the contracts it is about to call.
    contracts: {
      router: getAddress(deps.contracts.router),
      lair: getAddress(deps.contracts.lair),
      oldQuick: getAddress(deps.contracts.oldQuick),
      newQuick: getAddress(deps.contracts.newQuick),
      converter: getAddress(deps.contracts.converter),
    },
    pairFactory: getAddress(deps.pairFactory),
    syrups: loadSyrupRegistry().map((syrup) => syrup.address),
    wmatic: getAddress(deps.wmatic),
    vaults: deps.vaults,
    v3Actions: deps.v3Actions,
    ...(deps.receiptWaitMs === undefined ? {} : { receiptWaitMs: deps.receiptWaitMs }),
    now,
    logWarn: (object, message) => app.log.warn(object, message),
  });
  await app.register(recoveryRoutes, { recovery, throttles: deps.throttles });
}
