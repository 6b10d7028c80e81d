import type { FastifyInstance } from 'fastify';
import type { ChainClient } from '../../core/chain/client.ts';
import type { OldTokens } from '../../core/chain/token-labels.ts';
import type { AppDatabase } from '../../core/db/index.ts';
import { createConfiguredSnapshotPipeline, type PriceSources } from '../../core/snapshots/index.ts';
import type { Throttles } from '../../core/throttle/throttles.ts';
import { discoveryRoutes } from './routes.ts';
import { createDiscoveryService } from './service.ts';

/** Wires discovery into the app: the farm index's list, find my farms and tracking what it found. */
export async function registerDiscovery(
  app: FastifyInstance,
  deps: {
    database: AppDatabase;
    chainId: number;
    chain?: ChainClient | undefined;
    prices?: PriceSources | undefined;
    now?: (() => Date) | undefined;
    throttles: Throttles;
    /** Old QUICK and old dQUICK (configuration), shown apart from the new ones. */
    oldTokens: OldTokens;
  },
): Promise<void> {
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
