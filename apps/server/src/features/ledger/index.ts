import type { FastifyInstance } from 'fastify';
import type { Address } from 'viem';
import type { ChainClient } from '../../core/chain/client.ts';
import type { FinalityRule } from '../../core/chain/finality.ts';
import type { AppDatabase } from '../../core/db/index.ts';
import type { V3Counterparties } from '../../core/ledger/v3-rows.ts';
import type { PriceSources } from '../../core/snapshots/index.ts';
import { ledgerRoutes } from './routes.ts';

/**
 * Wires the books (issue 35) into the app: GET /api/ledger, /api/ledger/summary and /api/ledger.csv. With a
 * chain and prices, recorded sends are settled against the final block before each read.
 */
export async function registerLedger(
  app: FastifyInstance,
  deps: {
    database: AppDatabase;
    chainId: number;
    v3: V3Counterparties;
    chain?: ChainClient | undefined;
    prices?: PriceSources | undefined;
    wmatic: Address;
    finality: FinalityRule;
    now?: (() => Date) | undefined;
  },
): Promise<void> {
  const ledger = {
    db: deps.database.db,
    chainId: deps.chainId,
    counterparties: { positionManager: deps.v3.positionManager, farmingCenter: deps.v3.farmingCenter },
    recordedFinality:
      deps.chain && deps.prices
        ? {
            db: deps.database.db,
            chainId: deps.chainId,
            chain: deps.chain,
            prices: deps.prices,
            wmatic: deps.wmatic,
            finality: deps.finality,
          }
        : undefined,
    ...(deps.now ? { now: deps.now } : {}),
  };
  await app.register(ledgerRoutes, { ledger });
}
