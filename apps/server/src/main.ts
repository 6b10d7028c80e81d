import { join } from 'node:path';
import { buildApp } from './app.ts';
import { createChainProbe } from './core/chain/chain-probe.ts';
import { createMailer } from './core/mailer.ts';
import { startAlertChannelJobs } from './jobs/alert-channels-job.ts';
import type { Scheduler } from './jobs/scheduler.ts';
import { createRuntime, fail, startRecordedSends, startScheduledSnapshots } from './runtime.ts';

async function main(): Promise<void> {
  const runtime = await createRuntime();
  const { config, database, chain, prices, otherChains } = runtime;

  const pretty = process.stdout.isTTY ? { transport: { target: 'pino-pretty' } } : {};
  const chainProbe = createChainProbe(config.polygonRpcUrls);
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    outboxDir: join(config.dataDir, 'outbox'),
    logger: { info: (obj: object, msg?: string) => app.log.info(obj, msg) },
  });
  const app = await buildApp({
    config,
    database,
    mailer,
    chainProbe,
    chain,
    prices,
    otherChains,
    logger: { level: config.logLevel, ...pretty },
  });
  // Each chain beside Polygon is checked at start (issue 47): the operator reads here why one is off.
  for (const other of otherChains) {
    void other.check().then((check) => {
      if (check.status === 'on') app.log.info(`${other.entry.name}: QuickSwap's contracts checked, on`);
      else app.log.warn(check.reason ?? `${other.entry.name}: being checked`);
    });
  }

  let isClosing = false;
  let scheduler: Scheduler | undefined;
  let recordedSends: { stop(): Promise<void> } | undefined;
  // Alert channels (issue 36): every process delivers and may poll Telegram, under leases.
  const alertChannels = startAlertChannelJobs({
    db: database.db,
    config: config.alertChannels,
    publicUrl: config.publicUrl,
    logWarn: (object, message) => app.log.warn(object, message),
  });
  const shutdown = async (signal: string) => {
    if (isClosing) return;
    isClosing = true;
    app.log.info(`${signal} received: closing`);
    // A stuck connection must not keep the process alive forever.
    setTimeout(() => process.exit(1), 10_000).unref();
    await scheduler?.stop();
    await recordedSends?.stop();
    await alertChannels.stop();
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
  // The scheduler and a worker run here unless WORKER=off (then `npm run worker` processes take the jobs).
  if (config.isWorkerEnabled) {
    scheduler = await startScheduledSnapshots(runtime, app.log, app.realtime, { mailer });
    recordedSends = startRecordedSends(runtime, app.log);
  }

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
