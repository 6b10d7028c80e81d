import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type SnapshotCreated, socketEvents } from '@tidewatch/shared';
import { type RpcProxy, startRpcProxy, worldAppEnv } from '@tidewatch/testkit';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type FarmsWorld, startFarmsWorldWithUser, trackWorldFarms } from '../test/farms-setup.ts';
import { type Proc, startProcess } from './processes.ts';

// Scale mode as the README runs it: 2 API processes (WORKER=off) and 2 workers (npm run worker) on one
// PostgreSQL, against the local chain. Run by `npm run test:scale` (a private PostgreSQL cluster).
const keys = ['wmaticUsdc', 'wethUsdc', 'dualWethWmatic'] as const;
const intervalMs = 5_000;

let w: FarmsWorld;
let user: { token: string; userId: number };
let proxies: RpcProxy[] = [];
let apis: Proc[] = [];
let workers: Proc[] = [];
let socket: Socket | undefined;
const events: SnapshotCreated[] = [];

beforeAll(async () => {
  if (!process.env.TEST_DATABASE_URL)
    throw new Error('scale mode needs PostgreSQL: run `npm run test:scale`');
  ({ w, user } = await startFarmsWorldWithUser([...keys]));
  await trackWorldFarms(w, user, keys);
  // Each worker reads the chain through its own proxy, which can hang, so a worker can be killed mid-batch.
  proxies = await Promise.all([1, 2].map(() => startRpcProxy({ target: w.t.anvil.rpcUrl })));
  const env = (rpcUrl: string) => ({
    ...worldAppEnv(w.t.world),
    DATABASE_URL: w.testApp.databaseUrl!,
    JWT_SECRET: w.testApp.config.jwtSecret,
    POLYGON_RPC_URL: rpcUrl,
    SNAPSHOT_INTERVAL: `${intervalMs / 1000}s`,
    DATA_DIR: mkdtempSync(join(tmpdir(), 'tidewatch-scale-')),
    LOG_LEVEL: 'info',
    HOST: '127.0.0.1',
    PORT: '0',
  });
  apis = [1, 2].map((n) =>
    startProcess(`api ${n}`, 'src/main.ts', { ...env(w.t.anvil.rpcUrl), WORKER: 'off' }),
  );
  workers = [
    startProcess('worker 1', 'src/worker.ts', env(proxies[0]!.url)),
    startProcess('worker 2', 'src/worker.ts', env(proxies[1]!.url)),
  ];
  const [url] = await apis[0]!.waitFor(/http:\/\/127\.0\.0\.1:\d+/);
  await apis[1]!.waitFor(/serving on/);
  for (const worker of workers) await worker.waitFor(/worker started/);
  socket = io(url, { path: '/socket.io', auth: { token: user.token }, transports: ['websocket'] });
  socket.on(socketEvents.snapshotCreated, (event: SnapshotCreated) => events.push(event));
  await new Promise<void>((done, fail) => {
    socket!.on('connect', () => done());
    socket!.on('connect_error', fail);
  });
}, 120_000);

afterAll(async () => {
  socket?.disconnect();
  await Promise.all([...apis, ...workers].map((p) => p.stop()));
  await Promise.all(proxies.map((p) => p.stop()));
  await w?.close();
});

const automaticSnapshots = async () =>
  w.testApp.database.db
    .selectFrom('position_snapshots')
    .select(['farm_id', 'account_address', 'created_on'])
    .orderBy('created_on')
    .execute();

/** Gaps between consecutive snapshots of each pair: a duplicate would show as a gap under the interval. */
async function smallestGapMs(since: Date): Promise<number> {
  const byPair = new Map<string, number[]>();
  for (const row of await automaticSnapshots()) {
    const at = new Date(row.created_on).getTime();
    if (at < since.getTime()) continue;
    const key = `${row.farm_id}:${row.account_address}`;
    byPair.set(key, [...(byPair.get(key) ?? []), at]);
  }
  let smallest = Number.POSITIVE_INFINITY;
  for (const times of byPair.values()) {
    for (let i = 1; i < times.length; i += 1) smallest = Math.min(smallest, times[i]! - times[i - 1]!);
  }
  return smallest;
}

const lastRuns = () =>
  w.testApp.database.db.selectFrom('snapshot_schedule').select(['id', 'last_run_at']).orderBy('id').execute();

describe('scale mode: 2 API processes and 2 workers on one PostgreSQL', () => {
  it('snapshots each due pair once per interval, and a page on API process 1 hears of it from a worker', async () => {
    const since = new Date();
    await vi.waitFor(
      async () => {
        const runs = await lastRuns();
        expect(runs).toHaveLength(keys.length);
        for (const run of runs)
          expect(new Date(run.last_run_at ?? 0).getTime()).toBeGreaterThan(since.getTime() + intervalMs);
      },
      { timeout: 60_000, interval: 500 },
    );
    // Every pair ran at least twice since `since`, never twice within one interval.
    expect(await smallestGapMs(since)).toBeGreaterThanOrEqual(intervalMs - 500);
    const account = w.t.world.accounts.user.address;
    expect(events.some((e) => e.account_address === account)).toBe(true);
    expect(events.map((e) => e.farm_address)).toEqual(
      expect.arrayContaining(keys.map((key) => w.t.world.farms[key].address)),
    );
  });

  it('a worker killed with SIGKILL in the middle of a batch loses nothing and duplicates nothing', async () => {
    // Whichever worker takes the next batch hangs on the chain, its pairs leased and its job active: kill it.
    const before = proxies.map((p) => p.calls.length);
    for (const p of proxies) p.inject({ type: 'hang' }, { methods: ['eth_call'] });
    const hung = await vi.waitFor(
      () => {
        const index = proxies.findIndex((p, k) => p.calls.slice(before[k]).includes('eth_call'));
        expect(index).toBeGreaterThanOrEqual(0);
        return index;
      },
      { timeout: 60_000, interval: 50 },
    );
    workers[hung]!.child.kill('SIGKILL');
    for (const p of proxies) p.clearFaults();
    const killedAt = new Date();
    await vi.waitFor(
      async () => {
        for (const run of await lastRuns()) {
          expect(new Date(run.last_run_at ?? 0).getTime()).toBeGreaterThan(killedAt.getTime());
        }
      },
      { timeout: 90_000, interval: 500 },
    );
    const gap = await smallestGapMs(killedAt);
    if (gap < intervalMs - 500) {
      const rows = (await automaticSnapshots()).filter((r) => new Date(r.created_on) >= killedAt);
      console.log(JSON.stringify({ hung, killedAt, rows }, null, 1));
      console.log(workers.map((x) => x.output()).join('\n-----\n'));
    }
    expect(gap).toBeGreaterThanOrEqual(intervalMs - 500);
  });

  it('the workers run the alert rules: an event found by both is stored once', async () => {
    // Twelve days on: the 14-day dual farm ends within 72 hours; both workers snapshot and evaluate.
    await w.t.anvil.increaseTime(12 * 86_400);
    const endingSoon = () =>
      w.testApp.database.db
        .selectFrom('notifications')
        .select(['user_id', 'event_key'])
        .where('rule', '=', 'ending_soon')
        .where('user_id', '=', user.userId)
        .execute();
    await vi.waitFor(async () => expect(await endingSoon()).toHaveLength(1), {
      timeout: 60_000,
      interval: 500,
    });
    // Several more runs by either worker find the same event again: still one.
    const since = new Date();
    await vi.waitFor(
      async () => {
        for (const run of await lastRuns()) {
          expect(new Date(run.last_run_at ?? 0).getTime()).toBeGreaterThan(since.getTime() + intervalMs);
        }
      },
      { timeout: 60_000, interval: 500 },
    );
    const rows = await endingSoon();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.event_key).toContain(w.t.world.farms.dualWethWmatic.address.toLowerCase());
  });
});
