import type { Server } from 'node:http';
import fastifyCookie from '@fastify/cookie';
import fastifyCors from '@fastify/cors';
import Fastify, {
  type FastifyHttpOptions,
  type FastifyInstance,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { createOperators } from './core/auth/operators.ts';
import type { ChainProbe } from './core/chain/chain-probe.ts';
import type { ChainClient } from './core/chain/client.ts';
import type { OtherChain } from './core/chain/other-chains.ts';
import type { Config } from './core/config.ts';
import { createDataVersion } from './core/db/data-version.ts';
import type { AppDatabase } from './core/db/index.ts';
import { registerAuth } from './core/http/auth.ts';
import { registerCsrf } from './core/http/csrf.ts';
import { registerErrorHandler } from './core/http/error-handler.ts';
import { serializeError } from './core/http/log-redaction.ts';
import { registerOpenApi } from './core/http/openapi.ts';
import { createReadCache } from './core/http/read-cache.ts';
import { registerSecurityHeaders } from './core/http/security-headers.ts';
import { createSessionCookies } from './core/http/session-cookie.ts';
import { defaultWebDist, registerSpa } from './core/http/spa.ts';
import type { Mailer } from './core/mailer.ts';
import type { PriceSources } from './core/snapshots/index.ts';
import { resolveThrottleLimits, type ThrottleLimits } from './core/throttle/limits.ts';
import { createThrottles } from './core/throttle/throttles.ts';
import {
  accountsRoutes,
  createAccountsService,
  deleteAccount,
  type PasswordHasher,
} from './features/accounts/index.ts';
import { alertsRoutes } from './features/alerts/index.ts';
import { registerLedger } from './features/books/index.ts';
import { registerChainHoldings } from './features/chain-holdings/index.ts';
import { registerDiscovery } from './features/discovery/index.ts';
import { registerFarms } from './features/farms/index.ts';
import { healthRoutes } from './features/health/index.ts';
import { registerImportWizard } from './features/import-wizard/index.ts';
import { registerRecovery } from './features/recovery/index.ts';
import { registerV3Positions } from './features/v3-positions/index.ts';
import { createVaultExitReader, createVaultsDeps, registerVaults } from './features/vaults/index.ts';
import { waitlistRoutes } from './features/waitlist/index.ts';
import { createWalletsService, walletsRoutes } from './features/wallets/index.ts';
import { createSnapshotEvents, type SnapshotEvents } from './jobs/snapshot-events.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Events to open pages ('snapshot created'), through this process's socket.io server. */
    realtime: SnapshotEvents;
  }
}

export type AppDeps = {
  config: Config & { jwtSecret: string };
  database: AppDatabase;
  mailer: Mailer;
  /** pino options (or false in tests); defaults to `{ level: config.logLevel }`. */
  logger?: FastifyServerOptions['logger'];
  /** Answers the health check's chain question; absent = chain reported as not configured. */
  chainProbe?: ChainProbe;
  /** Folder of the built SPA; defaults to apps/web/dist. */
  webDist?: string;
  /** Clock for services (tests move time); defaults to the real one. */
  now?: () => Date;
  /** Chain client for snapshots; absent = farm refreshes answer CHAIN_UNAVAILABLE. */
  chain?: ChainClient;
  /** Price sources for snapshots (on-chain; CoinMarketCap when configured). */
  prices?: PriceSources;
  /** Abuse throttles to tune (tests that sign up many users from one IP); others keep their defaults. */
  throttles?: Partial<ThrottleLimits>;
  /** The password hash; tests wrap the real one to count its calls. */
  passwords?: PasswordHasher;
  /** How long recording a sent transaction waits for the chain to know it (default 15 s; tests shorten it). */
  receiptWaitMs?: number;
  /** The chains beside Polygon with an RPC configured (BASE_RPC_URL; issue 47); none: they say they are off. */
  otherChains?: readonly OtherChain[];
};

/** JSON bodies only, and small: nothing in this API needs more. */
export const bodyLimitBytes = 64 * 1024;

/** Every logged error goes through the URL-redacting serializer (RPC URLs may carry API keys). */
function withRedactedErrors(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (typeof logger !== 'object' || logger === null) return logger;
  return { ...logger, serializers: { ...logger.serializers, err: serializeError } };
}

/** Builds the HTTP app (not listening): plugins, error handler, then feature routes. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const options: FastifyHttpOptions<Server> = {
    logger: withRedactedErrors(deps.logger ?? { level: deps.config.logLevel }),
    bodyLimit: bodyLimitBytes,
    trustProxy: deps.config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    // Two info lines per request cost more than a cached read itself (bench:api's profile): each answer
    // is logged once, at debug, by the hook below; errors are logged by the error handler at any level.
    logController: new LogController({ disableRequestLogging: true }),
  };
  const app = Fastify(options).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Only JSON bodies are accepted: text/plain would let a cross-site form post without a preflight.
  app.removeContentTypeParser('text/plain');
  // Clients often send `Content-Type: application/json` on body-less POSTs (logout, token-snapshots):
  // treat an empty body as no body; everything else goes through Fastify's safe JSON parser.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, undefined);
    return parseJson(request, body.toString(), done);
  });

  // At debug or trace only: at other levels the hook would cost every request for a line nobody writes.
  if (['debug', 'trace'].includes(app.log.level)) {
    app.addHook('onResponse', async (request, reply) => {
      request.log.debug(
        { method: request.method, url: request.url, statusCode: reply.statusCode, ms: reply.elapsedTime },
        'request completed',
      );
    });
  }
  registerErrorHandler(app);
  await registerOpenApi(app);
  registerSecurityHeaders(app, { isHttps: deps.config.publicUrl.startsWith('https:') });
  // Cookies are read only where they matter (the CSRF check of unsafe requests), not parsed on every request.
  await app.register(fastifyCookie, { hook: false });
  await app.register(fastifyCors, {
    origin: [deps.config.publicUrl],
    credentials: true,
    allowedHeaders: ['content-type', 'authorization', 'x-csrftoken'],
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
  });
  registerCsrf(app, {
    jwtSecret: deps.config.jwtSecret,
    secureCookie: deps.config.publicUrl.startsWith('https:'),
  });

  const throttles = createThrottles({
    db: deps.database.db,
    limits: resolveThrottleLimits(deps.throttles),
    ...(deps.now ? { now: deps.now } : {}),
  });
  const accounts = createAccountsService({
    db: deps.database.db,
    throttles,
    mailer: deps.mailer,
    publicUrl: deps.config.publicUrl,
    jwtSecret: deps.config.jwtSecret,
    log: app.log,
    ...(deps.now ? { now: deps.now } : {}),
    ...(deps.passwords ? { passwords: deps.passwords } : {}),
  });
  // data_version, read once per request: the session check and the read cache both go by it.
  const dataVersion = createDataVersion(deps.database);
  registerAuth(app, accounts, dataVersion);

  await app.register(healthRoutes, {
    database: deps.database,
    snapshotIntervalMs: deps.config.snapshotIntervalMs,
    ...(deps.chainProbe ? { chainProbe: deps.chainProbe } : {}),
  });
  await app.register(waitlistRoutes, { database: deps.database, throttles });
  const wallets = createWalletsService({
    db: deps.database.db,
    publicUrl: deps.config.publicUrl,
    chainId: deps.config.chainId,
    accounts,
    chain: deps.chain,
    ...(deps.now ? { now: deps.now } : {}),
  });
  const sessionCookies = createSessionCookies(app, { secure: deps.config.publicUrl.startsWith('https:') });
  await app.register(accountsRoutes, {
    accounts,
    throttles,
    deleteAccount: (userId) => deleteAccount(deps.database.db, userId),
    checkDeletionSignature: wallets.checkDeletionSignature,
    sessionCookies,
  });
  // One cache of serialized reads for the process, checked against the database's data_version.
  const readCache = createReadCache(dataVersion);
  await app.register(walletsRoutes, { wallets, throttles, readCache, sessionCookies });
  const oldTokens = { quick: deps.config.quick.old, dquick: deps.config.dquick.old };
  // Instance-wide choices (a token's price source) are the operator's (decision 033).
  const operators = createOperators({ db: deps.database.db, operatorEmails: deps.config.operatorEmails });
  await registerFarms(app, {
    ...deps,
    chainId: deps.config.chainId,
    throttles,
    readCache,
    oldTokens,
    operators,
  });
  await registerDiscovery(app, { ...deps, chainId: deps.config.chainId, throttles, oldTokens });
  await registerRecovery(app, {
    ...deps,
    chainId: deps.config.chainId,
    throttles,
    oldTokens,
    contracts: {
      router: deps.config.quickswapRouterAddress,
      lair: deps.config.dquick.old,
      oldQuick: deps.config.quick.old,
      newQuick: deps.config.quick.new,
      converter: deps.config.quickConverterAddress,
    },
    pairFactory: deps.config.quickswapFactoryAddress,
    wmatic: deps.config.wmaticAddress,
    // Where a V3 position action is sent (issue 46): recorded sends are checked against these.
    v3Actions: {
      positionManager: deps.config.v3.positionManager,
      farmingCenter: deps.config.v3.farmingCenter,
      eternalFarming: deps.config.v3.eternalFarming,
      merklDistributor: deps.config.merkl.distributor,
    },
    // Vault shares and new dQUICK, taken out when the person includes them (issue 45).
    vaults: createVaultExitReader(
      createVaultsDeps({
        db: deps.database.db,
        chainId: deps.config.chainId,
        oldTokens,
        chain: deps.chain,
        prices: deps.prices,
        now: deps.now,
        config: deps.config,
        log: app.log,
      }),
    ),
  });
  await registerChainHoldings(app, {
    database: deps.database,
    chainId: deps.config.chainId,
    otherChains: deps.otherChains ?? [],
    throttles,
    now: deps.now ?? (() => new Date()),
    chain: deps.chain,
    prices: deps.prices,
    v3: deps.config.v3,
    merkl: deps.config.merkl,
  });
  await registerV3Positions(app, {
    ...deps,
    chainId: deps.config.chainId,
    throttles,
    oldTokens,
    v3: deps.config.v3,
    merkl: deps.config.merkl,
    wnative: deps.config.wmaticAddress,
  });
  // The vaults tool (issue 45): vault shares of the four managers, the Dragon's Lairs and every syrup pool.
  await registerVaults(app, {
    ...deps,
    chainId: deps.config.chainId,
    throttles,
    oldTokens,
    config: deps.config,
    log: app.log,
  });
  // The books (issue 35): a wallet's ledger, a year's summary and the exports.
  await registerLedger(app, {
    database: deps.database,
    chainId: deps.config.chainId,
    v3: deps.config.v3,
    oldTokens,
  });
  await app.register(alertsRoutes, {
    db: deps.database.db,
    secret: deps.config.jwtSecret,
    channels: deps.config.alertChannels,
    ...(deps.now ? { now: deps.now } : {}),
  });
  const io = await registerImportWizard(app, {
    ...deps,
    accounts,
    chainId: deps.config.chainId,
    publicUrl: deps.config.publicUrl,
    classifyOptions: {
      pairFactory: deps.config.quickswapFactoryAddress,
      lpFarmFactories: deps.config.lpFarmFactories,
      dualFarmFactories: deps.config.dualFarmFactories,
    },
  });
  app.decorate(
    'realtime',
    createSnapshotEvents({
      db: deps.database.db,
      io,
      logWarn: (object, message) => app.log.warn(object, message),
    }),
  );

  if (deps.config.demoWalletPrivateKey) {
    // Demo mode only: loaded on demand so nothing of the demo wallet exists in a normal run.
    const { registerDemoWallet } = await import('./features/demo-wallet/index.ts');
    await registerDemoWallet(app, {
      privateKey: deps.config.demoWalletPrivateKey,
      rpcUrl: deps.config.polygonRpcUrls[0]!,
      chainId: deps.config.chainId,
    });
  }

  await registerSpa(app, { webDist: deps.webDist ?? defaultWebDist, publicUrl: deps.config.publicUrl });
  return app;
}
