import type { FastifyInstance } from 'fastify';
import type { ChainFeatureDeps } from '../../core/chain-feature-deps.ts';
import { createConfiguredSnapshotPipeline } from '../../core/snapshots/index.ts';
import { discoveryRoutes } from './routes.ts';
import { createDiscoveryService } from './service.ts';

/** Wires discovery into the app: the farm index's list, find my farms and tracking what it found. */
export async function registerDiscovery(app: FastifyInstance, deps: ChainFeatureDeps): Promise<void> {
  const now = deps.now ?? (() => new Date());
  const discovery = createDiscoveryService({
    db: deps.database.db,
    chainId: deps.chainId,
    chain: deps.chain,
    pipeline: createConfiguredSnapshotPipeline({ ...deps, db: deps.database.db, now }),
    oldTokens: deps.oldTokens,
    now,
  });
  await app.register(discoveryRoutes, { discovery, throttles: deps.throttles });
}
