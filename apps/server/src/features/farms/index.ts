import type { FastifyInstance } from 'fastify';
import type { ChainClient } from '../../chain/client.ts';
import type { OldTokens } from '../../chain/token-labels.ts';
import type { AppDatabase } from '../../db/index.ts';
import { discoveryRoutes } from '../../discovery/routes.ts';
import { createDiscoveryService } from '../../discovery/service.ts';
import type { ReadCache } from '../../http/read-cache.ts';
import type { CoinMarketCapClient } from '../../prices/coinmarketcap-source.ts';
import { createConfiguredSnapshotPipeline, type PriceSources } from '../../snapshots/index.ts';
import type { Throttles } from '../../throttle/throttles.ts';
import { createPriceChoiceService, priceChoiceRoutes } from './price-choice.ts';
import { farmsRoutes } from './routes.ts';
import { createFarmsService } from './service.ts';

export {
  type DbOrTrx,
  findFarmByAddress,
  type ImportedFarmIds,
  type ImportedFarmInput,
  type TokenInput,
  upsertImportedFarm,
  upsertToken,
} from './repository.ts';

/** Wires the farms feature into the app: the snapshot writer (when a chain is configured), service, routes. */
export async function registerFarms(
  app: FastifyInstance,
  deps: {
    database: AppDatabase;
    chainId: number;
    chain?: ChainClient | undefined;
    prices?: PriceSources | undefined;
    now?: (() => Date) | undefined;
    throttles: Throttles;
    readCache: ReadCache;
    /** Old QUICK and old dQUICK (configuration), shown apart from the new ones. */
    oldTokens: OldTokens;
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
  });
  await app.register(priceChoiceRoutes, { service: priceChoices });
  const discovery = createDiscoveryService({
    db: deps.database.db,
    chainId: deps.chainId,
    chain: deps.chain,
    pipeline: writer,
    oldTokens: deps.oldTokens,
    now,
  });
  await app.register(discoveryRoutes, { discovery, throttles: deps.throttles });
}
