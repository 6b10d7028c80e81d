import type { FastifyInstance } from 'fastify';
import type { V3Counterparties } from '../../core/books/v3-rows.ts';
import type { OldTokens } from '../../core/chain/token-labels.ts';
import type { AppDatabase } from '../../core/db/index.ts';
import { ledgerRoutes } from './routes.ts';

/**
 * Wires the books (issue 35) into the app: GET /api/ledger, /api/ledger/summary and /api/ledger.csv. They
 * read stored rows only; the worker's jobs read the chain (history, gas, recorded sends checked final).
 */
export async function registerLedger(
  app: FastifyInstance,
  deps: { database: AppDatabase; chainId: number; v3: V3Counterparties; oldTokens: OldTokens },
): Promise<void> {
  const ledger = {
    db: deps.database.db,
    chainId: deps.chainId,
    counterparties: { positionManager: deps.v3.positionManager, farmingCenter: deps.v3.farmingCenter },
    oldTokens: deps.oldTokens,
  };
  await app.register(ledgerRoutes, { ledger });
}
