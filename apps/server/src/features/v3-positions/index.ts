import type { FastifyInstance } from 'fastify';
import type { ChainFeatureDeps } from '../../core/chain-feature-deps.ts';
import type { Config } from '../../core/config.ts';
import { createMerklClient } from '../../core/merkl/merkl-client.ts';
import { createMerklAnswerStore } from '../../core/merkl/merkl-repository.ts';
import { createV3IncentiveStore } from './reads/incentive-repository.ts';
import { createV3IncentiveIndex } from './reads/incentives.ts';
import { createV3PositionReader } from './reads/position-reader.ts';
import { v3PositionsRoutes } from './routes.ts';
import { createV3PositionsService } from './service.ts';
import { v3TrackingRoutes } from './tracking-routes.ts';
import { createV3TrackingService } from './tracking-service.ts';

/**
 * Wires QuickSwap V3 positions (issue 34) into the app: a wallet's positions with its Merkl rewards, one
 * position by id, and reading a pasted link. One incentive index per process (the farming's incentive logs,
 * read once and then only new blocks).
 */
export async function registerV3Positions(
  app: FastifyInstance,
  deps: ChainFeatureDeps & { v3: Config['v3']; merkl: Config['merkl']; wnative: Config['wmaticAddress'] },
): Promise<void> {
  const db = deps.database.db;
  const contracts = {
    poolDeployer: deps.v3.poolDeployer,
    positionManager: deps.v3.positionManager,
    farmingCenter: deps.v3.farmingCenter,
    eternalFarming: deps.v3.eternalFarming,
  };
  const incentives = deps.chain
    ? createV3IncentiveIndex({
        chain: deps.chain,
        eternalFarming: deps.v3.eternalFarming,
        fromBlock: deps.v3.eternalFarmingFromBlock,
        store: createV3IncentiveStore(db, deps.chainId, deps.v3.eternalFarming),
      })
    : undefined;
  const readPositions =
    deps.chain && deps.prices && incentives
      ? createV3PositionReader({
          db,
          chainId: deps.chainId,
          chain: deps.chain,
          prices: deps.prices,
          contracts,
          incentives,
          oldTokens: deps.oldTokens,
        })
      : undefined;
  const v3Positions = createV3PositionsService({
    db,
    chainId: deps.chainId,
    contracts,
    oldTokens: deps.oldTokens,
    chain: deps.chain,
    prices: deps.prices,
    incentives,
    readPositions,
    wnative: deps.wnative,
    merkl: {
      client: createMerklClient({ apiUrl: deps.merkl.apiUrl, timeoutMs: deps.merkl.timeoutMs }),
      store: createMerklAnswerStore(db),
      distributor: deps.merkl.distributor,
    },
    now: deps.now,
  });
  await app.register(v3PositionsRoutes, { v3Positions, throttles: deps.throttles });
  // Tracking (issue 34, item 5): track, the tracked list, untrack, refresh, history and CSV, on the same reader.
  await app.register(v3TrackingRoutes, {
    tracking: createV3TrackingService({
      db,
      chainId: deps.chainId,
      readPositions,
      counterparties: { positionManager: contracts.positionManager, farmingCenter: contracts.farmingCenter },
      now: deps.now,
    }),
    throttles: deps.throttles,
  });
}

// What the composition (jobs/, runtime.ts) runs of this feature: the V3 kind of scheduled round, the history
// job, and the reads they share.
export { runV3HistoryJob } from './history/history-backfill.ts';
export { createV3IncentiveStore } from './reads/incentive-repository.ts';
export { createV3IncentiveIndex } from './reads/incentives.ts';
export { createV3PositionReader } from './reads/position-reader.ts';
export { type V3SnapshotRoundDeps, v3PositionSnapshots } from './schedule/snapshot-round.ts';
export type { DueV3Position } from './schedule/snapshot-schedule-repository.ts';
