import type { FastifyInstance } from 'fastify';
import type { OtherChain } from '../../core/chain/other-chains.ts';
import type { AppDatabase } from '../../core/db/index.ts';
import type { Throttles } from '../../core/throttle/throttles.ts';
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
  },
): Promise<void> {
  await app.register(chainHoldingsRoutes, {
    ctx: { db: deps.database.db, walletChainId: deps.chainId, otherChains: deps.otherChains, now: deps.now },
    throttles: deps.throttles,
  });
}

export { findChainHoldings } from './reads/find-holdings.ts';
export {
  type ChainSnapshotRoundDeps,
  chainWalletSnapshots,
  runDueChainSnapshots,
} from './schedule/snapshot-round.ts';
