import type { FastifyInstance } from 'fastify';
import type { ChainClient } from '../../core/chain/client.ts';
import type { OtherChain } from '../../core/chain/other-chains.ts';
import type { Config } from '../../core/config.ts';
import type { AppDatabase } from '../../core/db/index.ts';
import type { PriceSources } from '../../core/snapshots/index.ts';
import type { Throttles } from '../../core/throttle/throttles.ts';
import { createPolygonSide } from './polygon-side.ts';
import { chainHoldingsRoutes } from './routes.ts';

/** Wires the chains beside Polygon (issue 47): their status, and a wallet's QuickSwap holdings on each. */
export async function registerChainHoldings(
  app: FastifyInstance,
  deps: {
    database: AppDatabase;
    chainId: number;
    otherChains: readonly OtherChain[];
    throttles: Throttles;
    now: () => Date;
    chain?: ChainClient | undefined;
    prices?: PriceSources | undefined;
    v3: Config['v3'];
  },
): Promise<void> {
  const db = deps.database.db;
  const polygon = createPolygonSide({
    db,
    chainId: deps.chainId,
    chain: deps.chain,
    prices: deps.prices,
    v3: deps.v3,
  });
  await app.register(chainHoldingsRoutes, {
    ctx: { db, walletChainId: deps.chainId, otherChains: deps.otherChains, now: deps.now, polygon },
    throttles: deps.throttles,
  });
}

export { findChainHoldings, registryScope } from './reads/find-holdings.ts';
export {
  type ChainSnapshotRoundDeps,
  chainWalletSnapshots,
  runDueChainSnapshots,
} from './schedule/snapshot-round.ts';
