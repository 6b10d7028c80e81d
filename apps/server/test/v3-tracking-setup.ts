import {
  deployV3World,
  type SmtpTestServer,
  startSmtpServer,
  type V3World,
  v3WorldAppEnv,
  worldAppEnv,
  worldPriceOptions,
} from '@tidewatch/testkit';
import { sql } from 'kysely';
import type { Address } from 'viem';
import { startTestChain, type TestChain } from '../src/core/chain/testing.ts';
import { createInFlight } from '../src/core/jobs/in-flight.ts';
import { createMailer } from '../src/core/mailer.ts';
import { createOnchainPriceSource } from '../src/core/prices/onchain-source.ts';
import { deliverAlertEmails } from '../src/features/alerts/index.ts';
import { runV3HistoryJob } from '../src/features/v3-positions/history/history-backfill.ts';
import { createV3IncentiveIndex } from '../src/features/v3-positions/reads/incentives.ts';
import {
  runDueV3Snapshots,
  type V3SnapshotRoundReport,
} from '../src/features/v3-positions/schedule/snapshot-round.ts';
import { createV3Jobs } from '../src/jobs/v3-jobs.ts';
import { createConfirmedUser, createTestApp, type TestApp } from './helpers.ts';

/**
 * The V3 tracking tests' world: a local chain with the QuickSwap V2 world and lane K's V3 world (Algebra's own
 * bytecode), the app on a fresh database pointed at both, the local SMTP server, and the scheduler's V3 jobs
 * wired as runtime.ts wires them (alerts after each stored batch, then 'v3 snapshot created' to open pages,
 * then the e-mails), on a test clock.
 */
export type V3TrackingWorld = {
  t: TestChain;
  v3World: V3World;
  testApp: TestApp;
  smtp: SmtpTestServer;
  jobs: ReturnType<typeof createV3Jobs>;
  prices: { onchain: ReturnType<typeof createOnchainPriceSource> };
  /** The scheduler's clock: each round runs one interval after the previous, so every position is due. */
  clock: { now: Date };
  intervalMs: number;
  /** One scheduled V3 round at the next interval; resolves once its alerts are evaluated and e-mailed. */
  runRound(): Promise<V3SnapshotRoundReport>;
  close(): Promise<void>;
};

export async function startV3TrackingWorld(options: { hubs?: boolean } = {}): Promise<V3TrackingWorld> {
  const t = await startTestChain();
  const v3World = await deployV3World(t.anvil, t.world);
  const smtp = await startSmtpServer();
  const prices = {
    onchain: createOnchainPriceSource({ chain: t.chain, ...worldPriceOptions(t.world, options) }),
  };
  const testApp = await createTestApp({
    env: { ...worldAppEnv(t.world, options), ...v3WorldAppEnv(v3World) },
    deps: { chain: t.chain, prices },
  });
  const intervalMs = 3_600_000;
  const clock = { now: new Date() };
  const mailer = createMailer({ smtpUrl: smtp.url, outboxDir: testApp.dataDir, logger: { info() {} } });
  let pendingAlerts: Promise<unknown> = Promise.resolve();
  const jobs = createV3Jobs({
    config: testApp.config,
    database: testApp.database,
    chain: t.chain,
    prices,
    intervalMs,
    inFlight: createInFlight(),
    // Open pages hear of each stored batch through the app's socket.io server, as main.ts wires it.
    onStoredBatch: (stored) => testApp.app.realtime.v3SnapshotCreated(stored),
    afterAlerts: async () => {
      await deliverAlertEmails({
        db: testApp.database.db,
        mailer,
        publicUrl: testApp.config.publicUrl,
        secret: testApp.config.jwtSecret,
        now: new Date(),
      });
    },
    logWarn: (object) => {
      throw Object.assign(new Error('a V3 job warned'), { cause: object });
    },
  });
  return {
    t,
    v3World,
    testApp,
    smtp,
    jobs,
    prices,
    clock,
    intervalMs,
    async runRound() {
      // An interval past both the previous round and now (a position just tracked is due an interval on).
      clock.now = new Date(Math.max(clock.now.getTime(), Date.now()) + intervalMs + 1_000);
      // The round starts the alerts without waiting for them (as a running process does); the test waits for
      // the same promise, so it sees what a user would once the batch's alerts are written and e-mailed.
      const report = await runDueV3Snapshots({
        ...jobs.round,
        now: () => clock.now,
        onStored: (stored, read) => {
          pendingAlerts = Promise.all([pendingAlerts, jobs.round.onStored?.(stored, read)]);
        },
      });
      await pendingAlerts;
      return report;
    },
    async close() {
      mailer.close();
      await testApp.close();
      await smtp.stop();
      await t.stop();
    },
  };
}

/** A confirmed, logged-in user with `wallets` saved (the last ones watch-only when `watchOnly` is given). */
export async function createV3User(
  w: V3TrackingWorld,
  wallets: Address[],
  watchOnly: Address[] = [],
): Promise<{ token: string; userId: number; email: string }> {
  const { email, token } = await createConfirmedUser(w.testApp);
  const db = w.testApp.database.db;
  const user = await sql<{ id: number }>`select id from users where email = ${email}`.execute(db);
  const userId = user.rows[0]!.id;
  const at = new Date().toISOString();
  for (const address of [...wallets, ...watchOnly]) {
    const isWatchOnly = watchOnly.includes(address) ? 1 : 0;
    await sql`insert into wallets (user_id, name, address, chain_id, verified_at, created_at, is_watch_only)
      values (${userId}, 'MetaMask', ${address}, ${w.t.world.chainId}, ${at}, ${at}, ${isWatchOnly})`.execute(
      db,
    );
  }
  return { token, userId, email };
}

/**
 * Runs the V3 history job as the worker wires it until every tracked position's history is done and read to
 * the head (`positions`: how many there must be). `backfillDays` is the window; `onChainClock` takes "now" from
 * the head block, for a chain moved days ahead of the wall clock; `withGas` adds the receipts' gas stage.
 */
export async function runV3HistoryToHead(
  w: V3TrackingWorld,
  options: { backfillDays: number; positions?: number; onChainClock?: boolean; withGas?: boolean },
): Promise<void> {
  const client = w.t.anvil.client;
  const now = options.onChainClock ? new Date(Number((await client.getBlock()).timestamp) * 1000) : undefined;
  const deps = {
    ...w.jobs.round,
    chain: w.t.chain,
    chainId: w.t.world.chainId,
    prices: w.prices,
    contracts: w.testApp.config.v3,
    incentives: createV3IncentiveIndex({
      chain: w.t.chain,
      eternalFarming: w.v3World.eternalFarming,
      fromBlock: w.testApp.config.v3.eternalFarmingFromBlock,
    }),
    backfillDays: options.backfillDays,
    logsBlockRange: 1_000,
    intervalMs: w.intervalMs,
    ...(now ? { now: () => now } : {}),
    ...(options.withGas ? { gas: { wmatic: w.testApp.config.wmaticAddress } } : {}),
  };
  const head = Number(await client.getBlockNumber());
  for (let run = 0; run < 200; run++) {
    await runV3HistoryJob(deps);
    const rows = await w.testApp.database.db
      .selectFrom('v3_history_backfills')
      .select(['status', 'scanned_to_block'])
      .execute();
    const isEveryOne = options.positions === undefined ? rows.length > 0 : rows.length === options.positions;
    if (isEveryOne && rows.every((r) => r.status === 'done' && Number(r.scanned_to_block) >= head)) return;
  }
  throw new Error('the V3 history job did not reach the head');
}
