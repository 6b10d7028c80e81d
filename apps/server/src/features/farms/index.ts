import type { FastifyInstance } from 'fastify';
import type { Operators } from '../../core/auth/operators.ts';
import type { V3Counterparties } from '../../core/books/v3-rows.ts';
import type { ChainFeatureDeps } from '../../core/chain-feature-deps.ts';
import type { ReadCache } from '../../core/http/read-cache.ts';
import type { CoinMarketCapClient } from '../../core/prices/coinmarketcap-source.ts';
import { createConfiguredSnapshotPipeline } from '../../core/snapshots/index.ts';
import { createPriceChoiceService } from './price-choice.ts';
import { priceChoiceRoutes } from './price-choice-routes.ts';
import { farmsRoutes } from './routes.ts';
import { createFarmsService } from './service.ts';

/** Wires the farms feature into the app: the snapshot writer (when a chain is configured), service, routes. */
export async function registerFarms(
  app: FastifyInstance,
  deps: ChainFeatureDeps & {
    readCache: ReadCache;
    operators: Operators;
    /** V3's position manager and FarmingCenter, for the portfolio's V3 positions (app.ts passes its config). */
    config?: { v3: V3Counterparties };
  },
): Promise<void> {
  const now = deps.now ?? (() => new Date());
  const writer = createConfiguredSnapshotPipeline({ ...deps, db: deps.database.db, now });
  const farms = createFarmsService({
    db: deps.database.db,
    chainId: deps.chainId,
    writer,
    prices: deps.prices,
    now,
    logWarn: (object, message) => app.log.warn(object, message),
    oldTokens: deps.oldTokens,
    v3Counterparties: deps.config && {
      positionManager: deps.config.v3.positionManager,
      farmingCenter: deps.config.v3.farmingCenter,
    },
  });
  await app.register(farmsRoutes, {
    farms,
    throttles: deps.throttles,
    readCache: deps.readCache,
  });
  const cmc = deps.prices?.coinmarketcap;
  const priceChoices = createPriceChoiceService({
    db: deps.database.db,
    chainId: deps.chainId,
    cmc: cmc && 'findCandidates' in cmc ? (cmc as CoinMarketCapClient) : undefined,
    oldTokens: deps.oldTokens,
    operators: deps.operators,
    now,
  });
  await app.register(priceChoiceRoutes, { service: priceChoices });
}
