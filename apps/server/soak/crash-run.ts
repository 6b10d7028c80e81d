import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FarmKind } from '@tidewatch/shared';
import {
  type Anvil,
  deployQuickswapWorld,
  type World,
  worldAppEnv,
  worldPriceOptions,
} from '@tidewatch/testkit';
import type { Address } from 'viem';
import { deployBenchFarms } from '../bench/deploy-farms.ts';
import { importBenchFarms, trackEveryFarm } from '../bench/seed-farms.ts';
import {
  type ApiSession,
  freePort,
  logIn,
  startProcess,
  stopProcess,
  waitUntilServing,
} from '../bench/server-process.ts';
import { createChainClient } from '../src/core/chain/client.ts';
import { type AppDatabase, createDatabase, type Dialect } from '../src/core/db/index.ts';
import { createOnchainPriceSource } from '../src/core/prices/onchain-source.ts';
import { createSnapshotPipeline } from '../src/core/snapshots/index.ts';
import { hashPassword } from '../src/features/accounts/passwords.ts';
import { runDueSnapshots } from '../src/jobs/snapshot-run.ts';
import { createTestDatabase } from '../test/helpers.ts';
import { findInconsistencies } from './consistency.ts';

type FarmRef = { address: Address; kind: FarmKind };

export type CrashWorld = {
  anvil: Anvil;
  world: World;
  wallet: Address;
  /** Farms tracked from the start: refreshed over and over. */
  tracked: FarmRef[];
  /** Farms the import loop takes one after the other (shared by both databases). */
  importable: FarmRef[];
};

/** The chain side: the QuickSwap world, farms staked by one wallet, some tracked and the rest to import. */
export async function prepareCrashWorld(anvil: Anvil, options: { importable: number }): Promise<CrashWorld> {
  const world = await deployQuickswapWorld(anvil);
  const wallet = world.accounts.user.address;
  const farms = await deployBenchFarms(anvil, world, {
    farmCount: options.importable + 4,
    accounts: [wallet],
  });
  return { anvil, world, wallet, tracked: farms.slice(0, 4), importable: farms.slice(4) };
}

export type CrashTarget = {
  dialect: Dialect;
  open: () => AppDatabase;
  env: Record<string, string>;
  dataDir: string;
  /** Starts the server, logs in and reads the tracked list; the failure in one line, or null. */
  checkServes: () => Promise<string | null>;
  drop: () => Promise<void>;
};

const email = 'soak@example.com';
const password = 'a long soak password';

/** A fresh database (SQLite file, or a new PostgreSQL database) with the user, wallet, tracked farms and first snapshots. */
export async function prepareDatabase(w: CrashWorld, dialect: Dialect): Promise<CrashTarget> {
  const dataDir = mkdtempSync(join(tmpdir(), `tidewatch-soak-${dialect}-`));
  const created = await createTestDatabase(
    dataDir,
    dialect === 'postgres' ? process.env.TEST_DATABASE_URL : null,
  );
  const { databaseUrl } = created;
  const open = () => createDatabase({ databaseUrl, sqlitePath: join(dataDir, 'tidewatch.sqlite') });
  const database = created.database;
  try {
    const db = database.db;
    const chain = createChainClient({
      rpcUrls: [w.anvil.rpcUrl],
      chainId: w.world.chainId,
      multicall3Address: w.world.multicall3,
    });
    const pipeline = createSnapshotPipeline({
      db,
      chain,
      prices: { onchain: createOnchainPriceSource({ chain, ...worldPriceOptions(w.world) }) },
      chainId: w.world.chainId,
    });
    await importBenchFarms(db, pipeline, { chainId: w.world.chainId, farms: w.tracked });
    const now = new Date();
    await trackEveryFarm(db, {
      email,
      passwordHash: await hashPassword(password),
      wallets: [w.wallet],
      now,
      savedOnChainId: w.world.chainId,
    });
    await runDueSnapshots({
      db,
      pipeline,
      isPostgres: dialect === 'postgres',
      intervalMs: 60_000,
      now: () => now,
    });
  } finally {
    await database.close();
  }
  const env = {
    ...worldAppEnv(w.world),
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    POLYGON_RPC_URL: w.anvil.rpcUrl,
    LOG_LEVEL: 'warn',
    // Scheduled snapshots every minute: the scheduler writes too while the process is killed.
    SNAPSHOT_INTERVAL: '1m',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  const target: CrashTarget = {
    dialect,
    open,
    env,
    dataDir,
    checkServes: async () => {
      const server = await startServer(target);
      try {
        const session = await logIn(server.url, email, password);
        const response = await fetch(`${server.url}/api/quickswap/tracked-summary`, {
          headers: session.headers,
        });
        return response.ok ? null : `tracked-summary answered ${response.status}`;
      } catch (error) {
        return `did not serve: ${error instanceof Error ? error.message : error}`;
      } finally {
        await stopProcess(server.child);
      }
    },
    drop: async () => {
      await created.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return target;
}

async function startServer(target: CrashTarget): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = startProcess('apps/server/src/main.ts', join(target.dataDir, 'server.log'), {
    ...target.env,
    PORT: String(port),
    PUBLIC_URL: url,
  });
  await waitUntilServing(`${url}/api/health`, child);
  return { child, url };
}

export type CrashResult = {
  killedAfterMs: number;
  requests: number;
  imports: number;
  /** An import was between its first and last step when the process was killed. */
  isImportCut: boolean;
  problems: string[];
};

/**
 * One run: (re)start the server, check it serves, refresh the tracked farms and import the next farms
 * in a loop, SIGKILL it after `killAfterMs`, then check the database as the next start will find it.
 */
export async function crashOnce(
  w: CrashWorld,
  target: CrashTarget,
  options: { killAfterMs: number },
): Promise<CrashResult> {
  const server = await startServer(target);
  const problems: string[] = [];
  const counts = { requests: 0, imports: 0, isImportCut: false };
  let session: ApiSession;
  try {
    session = await logIn(server.url, email, password);
  } catch (error) {
    await stopProcess(server.child, 'SIGKILL');
    return { killedAfterMs: 0, ...counts, problems: [`did not serve: ${error}`] };
  }
  let isKilled = false;
  // A request cut by the kill fails as it should; one that failed before it is a finding.
  const failedBeforeKill = (error: unknown) => {
    if (!isKilled) problems.push(`before the kill: ${error instanceof Error ? error.message : error}`);
  };
  const loops = [
    refreshLoop(w, server.url, session, counts, () => isKilled).catch(failedBeforeKill),
    importLoop(w, server.url, session, counts, () => isKilled).catch(failedBeforeKill),
  ];
  await new Promise((resolve) => setTimeout(resolve, options.killAfterMs));
  isKilled = true;
  await stopProcess(server.child, 'SIGKILL');
  await Promise.all(loops);

  const database = target.open();
  try {
    problems.push(...(await findInconsistencies(database.db, target.dialect)));
  } finally {
    await database.close();
  }
  return { killedAfterMs: options.killAfterMs, ...counts, problems };
}

async function post(url: string, session: ApiSession, path: string, body: unknown) {
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...session.headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Refreshes every tracked farm, round and round, until the process is gone. */
async function refreshLoop(
  w: CrashWorld,
  url: string,
  session: ApiSession,
  counts: { requests: number },
  isKilled: () => boolean,
): Promise<void> {
  for (let i = 0; !isKilled(); i++) {
    const farm = w.tracked[i % w.tracked.length]!;
    const answer =
      farm.kind === 'lp'
        ? await post(url, session, '/api/quickswap/create-snapshots', {
            address: farm.address,
            account_address: w.wallet,
          })
        : await post(url, session, '/api/quickswap/dual-mining/snapshots', {
            farm_address: farm.address,
            account_address: w.wallet,
          });
    if (answer.status >= 500) throw new Error(`refresh answered ${answer.status}`);
    counts.requests += 1;
  }
}

const wizardPaths = {
  lp: '/api/quickswap/lp_mining_farm_import_guide/next-state',
  dual: '/api/quickswap/dual-mining/next-state',
} as const;

/** Imports the next not-yet-imported farm through the wizard, step by step, until the process is gone. */
async function importLoop(
  w: CrashWorld,
  url: string,
  session: ApiSession,
  counts: { requests: number; imports: number; isImportCut: boolean },
  isKilled: () => boolean,
): Promise<void> {
  const [tokenA, tokenB] = [w.world.tokens.WMATIC.address, w.world.tokens.USDC.address];
  for (const farm of w.importable) {
    if (isKilled()) return;
    const route = farm.kind === 'lp' ? 'quick' : 'dual';
    let state = await post(url, session, wizardPaths[farm.kind], {
      name: 'NOT_STARTED',
      event: 'PARSE_URL',
      params: {
        url: `https://quickswap.exchange/#/${route}/${tokenA}/${tokenB}/${farm.address}`,
        account_address: w.wallet,
      },
    });
    counts.requests += 1;
    if (state.status === 409) continue; // imported in an earlier run
    counts.isImportCut = true;
    for (let step = 0; step < 40 && state.status === 200 && state.body.name !== 'completed'; step++) {
      if (isKilled()) return;
      const events = state.body.events as string[];
      state = await post(url, session, wizardPaths[farm.kind], {
        name: state.body.name,
        event: events[0],
        params: state.body.data,
      });
      counts.requests += 1;
    }
    if (state.status >= 500) throw new Error(`import answered ${state.status}`);
    counts.isImportCut = false;
    if (state.body.name === 'completed') counts.imports += 1;
    // A pause, so the imports of one run spread over the whole window the kill falls in.
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}
