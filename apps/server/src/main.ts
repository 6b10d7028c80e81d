import { join } from 'node:path';
import { buildApp } from './app.ts';
import { createChainClient } from './chain/client.ts';
import { createChainProbe } from './chain-probe.ts';
import { ConfigError, ensureDataDir, parseConfig, resolveJwtSecret } from './config.ts';
import { createDatabase, migrateToLatest } from './db/index.ts';
import { createMailer } from './mailer.ts';
import { createCoinMarketCapClient } from './prices/coinmarketcap-source.ts';
import { createOnchainPriceSource } from './prices/onchain-source.ts';

/** Prints one line for the operator and exits non-zero (no stack trace for expected failures). */
function fail(message: string): never {
  process.stderr.write(`tidewatch: ${message}\n`);
  process.exit(1);
}

async function main(): Promise<void> {
  let config: ReturnType<typeof resolveJwtSecret>;
  try {
    const parsed = parseConfig();
    ensureDataDir(parsed);
    config = resolveJwtSecret(parsed);
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }

  const database = createDatabase({
    databaseUrl: config.databaseUrl,
    sqlitePath: join(config.dataDir, 'tidewatch.sqlite'),
  });
  try {
    await migrateToLatest(database.db);
  } catch (error) {
    const where = config.databaseUrl
      ? 'the PostgreSQL database in DATABASE_URL'
      : `${config.dataDir}/tidewatch.sqlite`;
    fail(`cannot prepare ${where}: ${error instanceof Error ? error.message : String(error)}`);
  }

  const pretty = process.stdout.isTTY ? { transport: { target: 'pino-pretty' } } : {};
  const chainProbe = createChainProbe(config.polygonRpcUrls);
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    outboxDir: join(config.dataDir, 'outbox'),
    logger: { info: (obj: object, msg?: string) => app.log.info(obj, msg) },
  });
  // Farm snapshots: one chain client (its requests are lazy, so an unreachable node does not block start).
  const chain = createChainClient({
    rpcUrls: config.polygonRpcUrls,
    chainId: config.chainId,
    multicall3Address: config.multicall3Address,
    maxCalldataBytes: config.multicallBatchBytes,
  });
  const prices = {
    onchain: createOnchainPriceSource({
      chain,
      factory: config.quickswapFactoryAddress,
      usdc: config.usdcAddress,
      wmatic: config.wmaticAddress,
      quick: config.quick,
      lairs: [
        { lair: config.dquick.old, quick: config.quick.old },
        { lair: config.dquick.new, quick: config.quick.new },
      ],
    }),
    coinmarketcap: config.cmcApiKey
      ? createCoinMarketCapClient({ apiKey: config.cmcApiKey, baseUrl: config.cmcApiUrl })
      : undefined,
  };
  const app = await buildApp({
    config,
    database,
    mailer,
    chainProbe,
    chain,
    prices,
    logger: { level: config.logLevel, ...pretty },
  });

  let isClosing = false;
  const shutdown = async (signal: string) => {
    if (isClosing) return;
    isClosing = true;
    app.log.info(`${signal} received: closing`);
    // A stuck connection must not keep the process alive forever.
    setTimeout(() => process.exit(1), 10_000).unref();
    await app.close();
    mailer.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    await database.close();
    if (code === 'EADDRINUSE')
      fail(`port ${config.port} is already in use: stop the other process or set PORT`);
    if (code === 'EACCES') fail(`not allowed to listen on port ${config.port}: choose a PORT above 1023`);
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND')
      fail(`cannot listen on HOST ${config.host}: set HOST to a local address`);
    throw error;
  }
  const bound = app.server.address();
  const port = typeof bound === 'object' && bound ? bound.port : config.port;
  const url = config.port === 0 ? `http://${config.host}:${port}` : config.publicUrl;
  app.log.info(`Tidewatch is serving on ${url} (listening on ${config.host}:${port})`);

  // An unreachable node is worth a warning, not an exit: the app still serves accounts and the SPA.
  chainProbe().then(
    ({ chainId, blockNumber }) => {
      if (chainId !== config.chainId) {
        app.log.warn(
          `the RPC at POLYGON_RPC_URL reports chain ${chainId}, expected CHAIN_ID ${config.chainId}`,
        );
      } else {
        app.log.info(`chain ${chainId} reachable, latest block ${blockNumber}`);
      }
    },
    (error: unknown) => {
      const reason = (error as { shortMessage?: string }).shortMessage ?? String(error).split('\n')[0];
      app.log.warn(
        `the chain RPC (POLYGON_RPC_URL) is unreachable: ${reason}; farm data will be unavailable until it answers`,
      );
    },
  );
}

main().catch((error: unknown) => {
  process.stderr.write(
    `tidewatch: failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
