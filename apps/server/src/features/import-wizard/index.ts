import type { FastifyInstance } from 'fastify';
import type { Server } from 'socket.io';
import type { SessionReader } from '../../core/auth/session.ts';
import type { ClassifyOptions } from '../../core/chain/classify.ts';
import type { ChainClient } from '../../core/chain/client.ts';
import type { AppDatabase } from '../../core/db/index.ts';
import type { CoinMarketCapClient } from '../../core/prices/coinmarketcap-source.ts';
import { usePostgresAdapter } from '../../core/realtime/postgres-adapter.ts';
import { createConfiguredSnapshotPipeline, type PriceSources } from '../../core/snapshots/index.ts';
import { attachImportRealtime } from './realtime.ts';
import { importWizardRoutes } from './routes.ts';
import { createImportWizardService } from './service.ts';

/** True for the CoinMarketCap client (it can list candidates), not any other price source. */
function asCoinMarketCap(source: PriceSources['coinmarketcap']): CoinMarketCapClient | undefined {
  return source && 'findCandidates' in source ? (source as CoinMarketCapClient) : undefined;
}

/** Wires the import wizards: service, HTTP routes and the socket.io channel on the app's server. */
export async function registerImportWizard(
  app: FastifyInstance,
  deps: {
    database: AppDatabase;
    accounts: SessionReader;
    chainId: number;
    publicUrl: string;
    chain?: ChainClient | undefined;
    prices?: PriceSources | undefined;
    classifyOptions: ClassifyOptions;
    now?: (() => Date) | undefined;
  },
): Promise<Server> {
  const writer = createConfiguredSnapshotPipeline({ ...deps, db: deps.database.db });
  const wizard = createImportWizardService({
    db: deps.database.db,
    chainId: deps.chainId,
    chain: deps.chain,
    writer,
    coinmarketcap: asCoinMarketCap(deps.prices?.coinmarketcap),
    classifyOptions: deps.classifyOptions,
    ...(deps.now ? { now: deps.now } : {}),
  });
  await app.register(importWizardRoutes, { wizard });
  const io = attachImportRealtime(app, {
    accounts: deps.accounts,
    wizard,
    allowedOrigins: [deps.publicUrl],
    now: deps.now,
  });
  if (deps.database.pgPool) await usePostgresAdapter(io, deps.database.pgPool);
  return io;
}
