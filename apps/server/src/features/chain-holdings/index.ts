import type { FastifyInstance } from 'fastify';
import type { ChainClient } from '../../core/chain/client.ts';
import type { OtherChain } from '../../core/chain/other-chains.ts';
import type { Config } from '../../core/config.ts';
import type { AppDatabase } from '../../core/db/index.ts';
import { createMerklClient } from '../../core/merkl/merkl-client.ts';
import { createMerklAnswerStore } from '../../core/merkl/merkl-repository.ts';
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
    /** Merkl's API: a wallet's Merkl rewards on the chains beside Polygon (the V3 tool reads Polygon's). */
    merkl: Config['merkl'];
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
    ctx: {
      db,
      walletChainId: deps.chainId,
      otherChains: deps.otherChains,
      now: deps.now,
      polygon,
      merkl: {
        client: createMerklClient({ apiUrl: deps.merkl.apiUrl, timeoutMs: deps.merkl.timeoutMs }),
        store: createMerklAnswerStore(db),
        now: deps.now,
      },
    },
    throttles: deps.throttles,
  });
}

export { findChainHoldings, registryScope } from './reads/find-holdings.ts';
export {
  type ChainSnapshotRoundDeps,
  chainWalletSnapshots,
  runDueChainSnapshots,
} from './schedule/snapshot-round.ts';
