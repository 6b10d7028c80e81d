import { join } from 'node:path';
import { type ChainClient, createChainClient } from './core/chain/client.ts';
import { createOtherChains, type OtherChain } from './core/chain/other-chains.ts';
import { type Config, ConfigError, ensureDataDir, parseConfig, resolveJwtSecret } from './core/config.ts';
import { type AppDatabase, createDatabase, migrateToLatest } from './core/db/index.ts';
import { describeRejections } from './core/farm-index/index-refresh.ts';
import { loadFarmRegistry } from './core/farm-index/registry.ts';
import { runHistoryJob } from './core/history/backfill.ts';
import { createInFlight } from './core/jobs/in-flight.ts';
import { runRound } from './core/jobs/scheduled-round.ts';
import { chainHolding, v2FarmStake, vaultPosition } from './core/kinds/index.ts';
import type { Mailer } from './core/mailer.ts';
import { createCoinMarketCapClient } from './core/prices/coinmarketcap-source.ts';
import { createOnchainPriceSource } from './core/prices/onchain-source.ts';
import { createSnapshotPipeline, type PriceSources } from './core/snapshots/index.ts';
import { deliverAlertChannels } from './features/alert-channels/index.ts';
import { deliverAlertEmails, evaluateAlerts } from './features/alerts/index.ts';
import { type ChainSnapshotRoundDeps, chainWalletSnapshots } from './features/chain-holdings/index.ts';
import { v3PositionSnapshots } from './features/v3-positions/index.ts';
import {
  createVaultsDeps,
  runVaultHistoryStep,
  type VaultSnapshotRoundDeps,
  vaultPositionSnapshots,
} from './features/vaults/index.ts';
import { refreshFarmIndexWhenDue } from './jobs/farm-index-job.ts';
import { startRecordedSendsJob } from './jobs/recorded-sends-job.ts';
import { runRetentionWhenDue } from './jobs/retention.ts';
import { type Scheduler, startSnapshotScheduler } from './jobs/scheduler.ts';
import type { SnapshotEvents } from './jobs/snapshot-events.ts';
import { type QueuedRound, startQueuedSnapshots } from './jobs/snapshot-queue.ts';
import { farmStakeSnapshots, type SnapshotRunDeps } from './jobs/snapshot-run.ts';
import { createV3Jobs } from './jobs/v3-jobs.ts';

/** Prints one line for the operator and exits non-zero (no stack trace for expected failures). */
export function fail(message: string): never {
  process.stderr.write(`tidewatch: ${message}\n`);
  process.exit(1);
}

/** What the API process and a worker process share: configuration, the migrated database, chain and prices. */
export type Runtime = {
  config: Config & { jwtSecret: string };
  database: AppDatabase;
  chain: ChainClient;
  prices: PriceSources;
  /** The chains beside Polygon this instance reads (BASE_RPC_URL set), each checked at start. */
  otherChains: OtherChain[];
};

/**
 * Reads the configuration, opens and migrates the database, and builds the chain client and price
 * sources; any expected failure ends the process with one line naming the cause.
 */
export async function createRuntime(): Promise<Runtime> {
  let config: Runtime['config'];
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
  // One chain client (its requests are lazy, so an unreachable node does not block start).
  const chain = createChainClient({
    rpcUrls: config.polygonRpcUrls,
    chainId: config.chainId,
    multicall3Address: config.multicall3Address,
    maxCalldataBytes: config.multicallBatchBytes,
  });
  const prices: PriceSources = {
    onchain: createOnchainPriceSource({
      chain,
      factory: config.quickswapFactoryAddress,
      usdc: config.usdcAddress,
      wmatic: config.wmaticAddress,
      hubs: config.priceHubAddresses,
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
  return { config, database, chain, prices, otherChains: createOtherChains(config) };
}

/**
 * Starts this process's check of the sends recorded through the recovery plan (issue 42): on its own timer,
 * not the snapshot ticks, so a send is in the books within a minute of its block turning final whatever
 * SNAPSHOT_INTERVAL is; never in a ledger GET.
 */
export function startRecordedSends(
  runtime: Runtime,
  log: { warn(object: object, message: string): void },
): { stop(): Promise<void> } {
  return startRecordedSendsJob(
    {
      db: runtime.database.db,
      chainId: runtime.config.chainId,
      chain: runtime.chain,
      prices: runtime.prices,
      wmatic: runtime.config.wmaticAddress,
      finality: runtime.config.history.finality,
      oldTokens: { quick: runtime.config.quick.old, dquick: runtime.config.dquick.old },
      v3: {
        positionManager: runtime.config.v3.positionManager,
        eternalFarming: runtime.config.v3.eternalFarming,
        merklDistributor: runtime.config.merkl.distributor,
      },
      logWarn: (object, message) => log.warn(object, message),
    },
    { logWarn: (object, message) => log.warn(object, message) },
  );
}

/**
 * Starts this process's part of the automatic snapshots when SNAPSHOT_INTERVAL is set (not 'off');
 * undefined otherwise. On SQLite the runs happen here; on PostgreSQL they go through the pg-boss queue
 * that every API process and worker shares. `realtime` hears of every stored batch, V2 and V3, once its
 * alerts are written (to tell open pages).
 */
export async function startScheduledSnapshots(
  runtime: Runtime,
  log: { info(message: string): void; warn(object: object, message: string): void },
  realtime?: SnapshotEvents,
  options: { mailer?: Mailer } = {},
): Promise<Scheduler | undefined> {
  const intervalMs = runtime.config.snapshotIntervalMs;
  if (intervalMs === null) return undefined;
  // Alerts (issue 15): the rules run after every stored batch for the pairs it read, in whichever process
  // stored it; their e-mails go out then, and pending ones are retried on every tick.
  const { mailer } = options;
  // What this process starts on its own after a stored batch (its alerts and their first sends) is tracked, and
  // stop() waits for it: a send is never cut off mid-request with its delivery and channel left leased
  // (issue 43, finding 2). Once stopping, no new delivery is claimed; those left wait for the next process.
  const inFlight = createInFlight();
  const stopping = new AbortController();
  const alertDeps = () => ({
    db: runtime.database.db,
    chainId: runtime.config.chainId,
    publicUrl: runtime.config.publicUrl,
    secret: runtime.config.jwtSecret,
    oldTokens: { quick: runtime.config.quick.old, dquick: runtime.config.dquick.old },
    now: new Date(),
  });
  // The alert channels (issue 36) get a new event at once too; their own tick retries (alert-channels-job).
  const deliver = async () => {
    if (mailer) await deliverAlertEmails({ ...alertDeps(), mailer });
    await deliverAlertChannels({
      ...alertDeps(),
      config: runtime.config.alertChannels,
      now: () => new Date(),
      stopSignal: stopping.signal,
    });
  };
  const onStored: SnapshotRunDeps['onStored'] = (pairs, collected) => {
    // Reward periods are measured against the block the batch was read at (the chain's clock).
    const chainNow = new Date(Number(collected.blockTimestamp) * 1000);
    void inFlight.track(
      evaluateAlerts(
        { ...alertDeps(), chainNow },
        v2FarmStake.alerts,
        pairs.map((p) => ({ farmId: p.farmId, wallet: p.wallet })),
      )
        .catch((error: unknown) => log.warn({ err: error }, 'alerts: evaluation failed'))
        // Open pages hear of the batch once its alerts are written: the header's bell they then ask again
        // counts them (a page that was told first would show the count only at its next minute's poll).
        .then(() => realtime?.snapshotCreated(pairs))
        .then(deliver)
        .catch((error: unknown) => log.warn({ err: error }, 'alerts: delivery failed')),
    );
  };
  const deps: SnapshotRunDeps = {
    db: runtime.database.db,
    pipeline: createSnapshotPipeline({
      db: runtime.database.db,
      chain: runtime.chain,
      prices: runtime.prices,
      chainId: runtime.config.chainId,
    }),
    isPostgres: runtime.database.dialect === 'postgres',
    intervalMs,
    onStored,
  };
  // Tracked V3 positions (issue 34): their own round on the same ticks, alerts after each stored batch,
  // and a step of their history job per tick.
  const v3 = createV3Jobs({
    config: runtime.config,
    database: runtime.database,
    chain: runtime.chain,
    prices: runtime.prices,
    intervalMs,
    oldTokens: { quick: runtime.config.quick.old, dquick: runtime.config.dquick.old },
    onStoredBatch: (stored) => realtime?.v3SnapshotCreated(stored),
    afterAlerts: deliver,
    inFlight,
    logWarn: (object, message) => log.warn(object, message),
  });
  // Tracked lair and syrup positions (issue 45): their own round, the syrup alerts after each stored batch.
  const vaults: VaultSnapshotRoundDeps = {
    db: runtime.database.db,
    isPostgres: runtime.database.dialect === 'postgres',
    intervalMs,
    vaults: createVaultsDeps({
      db: runtime.database.db,
      chainId: runtime.config.chainId,
      oldTokens: { quick: runtime.config.quick.old, dquick: runtime.config.dquick.old },
      chain: runtime.chain,
      prices: runtime.prices,
      config: runtime.config,
      log,
    }),
    onStored: (stored, read) =>
      inFlight.track(
        evaluateAlerts(
          { ...alertDeps(), chainNow: read.blockTime },
          vaultPosition.alerts,
          stored.map((p) => p.positionId),
        )
          .catch((error: unknown) => log.warn({ err: error }, 'vault alerts: evaluation failed'))
          .then(deliver)
          .catch((error: unknown) => log.warn({ err: error }, 'vault alerts: delivery failed')),
      ),
  };
  // Tracked wallets on chains beside Polygon (issue 47): their own round, each chain failing alone, the V4 range
  // and syrup alerts after each stored wallet.
  const chains: ChainSnapshotRoundDeps = {
    db: runtime.database.db,
    isPostgres: runtime.database.dialect === 'postgres',
    intervalMs,
    otherChains: runtime.otherChains,
    history: runtime.config.history,
    onStored: (stored, blockTime) =>
      inFlight.track(
        evaluateAlerts(
          { ...alertDeps(), chainNow: blockTime },
          chainHolding.alerts,
          stored.map((w) => w.chainWalletId),
        )
          .catch((error: unknown) => log.warn({ err: error }, 'chain alerts: evaluation failed'))
          .then(deliver)
          .catch((error: unknown) => log.warn({ err: error }, 'chain alerts: delivery failed')),
      ),
  };
  const onError = (error: unknown) =>
    log.warn({ err: error }, 'scheduled snapshots: a run failed; the next tick retries');
  // The retention job rides on the same ticks and runs once a day across processes (job_runs).
  const retention = async () => {
    const report = await runRetentionWhenDue(runtime.database.db, new Date(), runtime.config.retention);
    if (report) log.info(`retention: ${JSON.stringify(report)}`);
  };
  // The history job (issue 13) rides on the ticks too: one pair per tick, a bounded amount of work each,
  // its progress in history_backfills, so any process may take the next step.
  const history = async () => {
    await runHistoryJob({
      db: runtime.database.db,
      chain: runtime.chain,
      pipeline: deps.pipeline,
      backfillDays: runtime.config.history.backfillDays,
      logsBlockRange: runtime.config.history.logsBlockRange,
      finality: runtime.config.history.finality,
      gas: { chainId: runtime.config.chainId, prices: runtime.prices, wmatic: runtime.config.wmaticAddress },
      intervalMs,
    });
  };
  // The farm index (issue 14): once a day across processes, at once when never built.
  const farmIndex = async () => {
    const report = await refreshFarmIndexWhenDue({
      db: runtime.database.db,
      pipeline: deps.pipeline,
      chain: runtime.chain,
      chainId: runtime.config.chainId,
      factories: { lp: runtime.config.lpFarmFactories, dual: runtime.config.dualFarmFactories },
      registry: runtime.config.farmRegistry === 'builtin' ? loadFarmRegistry() : [],
      pairFactory: runtime.config.quickswapFactoryAddress,
    });
    if (!report) return;
    log.info(`farm index: ${report.farms} farms listed, ${report.rejected.length} candidates refused`);
    if (report.rejected.length > 0) log.info(`farm index: refused ${describeRejections(report.rejected)}`);
    for (const failed of report.failedSources) log.warn(failed, `farm index: ${failed.error}`);
  };
  const alsoOnTick = async () => {
    await retention();
    await deliver().catch((error: unknown) => log.warn({ err: error }, 'alerts: delivery failed'));
    await farmIndex().catch((error: unknown) => log.warn({ err: error }, 'farm index: the refresh failed'));
    await history().catch((error: unknown) => log.warn({ err: error }, 'history job: a step failed'));
    await v3
      .historyStep()
      .catch((error: unknown) => log.warn({ err: error }, 'V3 history job: a step failed'));
    await runVaultHistoryStep({
      ...vaults.vaults,
      finality: runtime.config.history.finality,
      logsBlockRange: runtime.config.history.logsBlockRange,
      wmatic: runtime.config.wmaticAddress,
      now: () => new Date(),
    }).catch((error: unknown) => log.warn({ err: error }, 'vault history job: a step failed'));
  };
  log.info(`automatic snapshots every ${intervalMs / 1000} s`);
  // Every kind of position followed on the same ticks, each a kind of scheduled round on the one work engine.
  const rounds: QueuedRound[] = [
    { kind: farmStakeSnapshots(deps), deps },
    { kind: v3PositionSnapshots(v3.round), deps: v3.round },
    { kind: vaultPositionSnapshots(vaults), deps: vaults },
    { kind: chainWalletSnapshots(chains), deps: chains },
  ];
  const startSchedulerOrQueue = async (): Promise<Scheduler> => {
    if (runtime.config.databaseUrl) {
      return startQueuedSnapshots({
        rounds,
        databaseUrl: runtime.config.databaseUrl,
        intervalMs,
        onError,
        logInfo: (message) => log.info(message),
        alsoOnTick,
      });
    }
    return startSnapshotScheduler({
      intervalMs,
      run: async () => {
        for (const { kind, deps: roundDeps } of rounds) await runRound(kind, roundDeps);
        await alsoOnTick();
      },
      onError,
    });
  };
  const scheduler = await startSchedulerOrQueue();
  return {
    async stop() {
      stopping.abort();
      await scheduler.stop();
      await inFlight.settled();
    },
  };
}
