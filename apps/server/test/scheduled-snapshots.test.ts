import { healthSchema } from '@tidewatch/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSnapshotScheduler } from '../src/jobs/scheduler.ts';
import { runDueSnapshots } from '../src/jobs/snapshot-run.ts';
import { countSnapshots, type FarmsWorld, startFarmsWorldWithUser, trackWorldFarms } from './farms-setup.ts';

// Automatic snapshots through the real pipeline, local chain and database (SQLite here, PostgreSQL in
// `npm run test:pg`): nobody presses refresh.
let w: FarmsWorld;
let user: { token: string; userId: number };
const keys = ['wmaticUsdc', 'wethUsdc', 'dualWethWmatic'] as const;
const intervalMs = 60_000;

beforeAll(async () => {
  ({ w, user } = await startFarmsWorldWithUser([...keys]));
  await trackWorldFarms(w, user, keys);
  clock = new Date();
}, 60_000);
afterAll(() => w?.close());

const db = () => w.testApp.database.db;
const run = (now: Date) =>
  runDueSnapshots({
    db: db(),
    pipeline: w.writer,
    isPostgres: w.testApp.database.dialect === 'postgres',
    intervalMs,
    now: () => now,
  });
const schedule = () => db().selectFrom('snapshot_schedule').selectAll().orderBy('id').execute();
const positionsOf = () =>
  db()
    .selectFrom('position_snapshots')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow()
    .then((row) => Number(row.n));
let clock = new Date();
const later = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
  return clock;
};

describe('scheduled snapshots', () => {
  it('schedules every tracked pair one interval after its first snapshot, and takes nothing early', async () => {
    const report = await run(clock);
    expect(report).toMatchObject({ claimed: 0, stored: 0 });
    const rows = await schedule();
    expect(rows).toHaveLength(keys.length);
    for (const row of rows) expect(new Date(row.next_due_at).getTime()).toBeGreaterThan(clock.getTime());
  });

  it('snapshots every due pair in one run, once, with nobody pressing refresh', async () => {
    await w.t.anvil.increaseTime(600);
    const before = await positionsOf();
    const now = later(intervalMs + 1_000);
    const [first, second] = await Promise.all([run(now), run(now)]);
    // Two runs at once (two processes): each pair is claimed by one of them only.
    expect(first!.stored + second!.stored).toBe(keys.length);
    expect(await positionsOf()).toBe(before + keys.length);
    for (const row of await schedule()) {
      expect(row.next_due_at).toBe(new Date(now.getTime() + intervalMs).toISOString());
      expect(row.last_run_at).toBe(now.toISOString());
    }
    expect((await run(now)).claimed).toBe(0);
  });

  it('catches up once after downtime, not once per missed interval', async () => {
    const before = await positionsOf();
    // A new block: one snapshot per pair per block (issue 30), and the chain moved on while we were down.
    await w.t.anvil.mine();
    const now = later(10 * intervalMs);
    const report = await run(now);
    expect(report.stored).toBe(keys.length);
    expect(await positionsOf()).toBe(before + keys.length);
    expect((await run(now)).claimed).toBe(0);
  });

  it('RPC down: records the failure, keeps the last snapshots, backs off, and the card and health say so', async () => {
    const before = await countSnapshots(w);
    const now = later(intervalMs + 1_000);
    w.t.proxy.inject({ type: 'http5xx', status: 503 });
    try {
      const report = await run(now);
      expect(report.failed).toBe(keys.length);
    } finally {
      w.t.proxy.clearFaults();
    }
    expect(await countSnapshots(w)).toEqual(before);
    for (const row of await schedule()) {
      expect(row.last_error).toMatch(/503/);
      expect(row.last_error_at).toBe(now.toISOString());
      expect(row.next_due_at).toBe(new Date(now.getTime() + 15_000).toISOString());
    }
    const list = await w.testApp.request({
      method: 'GET',
      url: '/api/quickswap/tracked-summary',
      token: user.token,
    });
    const item = list.json().lp_mining[0];
    expect(item.automatic_snapshot).toMatchObject({ last_error_at: now.toISOString() });
    expect(item.automatic_snapshot.last_error).toMatch(/503/);
    const health = healthSchema.parse(
      (await w.testApp.request({ method: 'GET', url: '/api/health' })).json(),
    );
    expect(health.scheduler?.last_error?.message).toMatch(/503/);

    // The retry after the back-off succeeds and clears the failure.
    const retry = await run(later(16_000));
    expect(retry.stored).toBe(keys.length);
    for (const row of await schedule()) expect(row.last_error).toBeNull();
  });

  it('isolates a farm that no longer answers: the others are stored, that pair is marked failing', async () => {
    const vanished = w.t.world.farms.wethUsdc.address;
    const code = await w.t.anvil.client.getCode({ address: vanished });
    await w.t.anvil.client.request({ method: 'anvil_setCode', params: [vanished, '0x'] } as never);
    const now = later(intervalMs + 1_000);
    try {
      const report = await run(now);
      expect(report).toMatchObject({ stored: keys.length - 1, failed: 1 });
    } finally {
      await w.t.anvil.client.request({ method: 'anvil_setCode', params: [vanished, code] } as never);
    }
    const rows = await db()
      .selectFrom('snapshot_schedule as s')
      .innerJoin('farms as f', 'f.id', 's.farm_id')
      .select(['f.address', 's.last_error'])
      .execute();
    const failing = rows.filter((r) => r.last_error !== null);
    expect(failing.map((r) => r.address)).toEqual([vanished]);
    expect(failing[0]!.last_error).toMatch(/returned no data/);
  });

  it('runs on its own timer: with a 5 s interval, snapshots appear while the chain moves on', async () => {
    const before = await positionsOf();
    await w.t.anvil.mine();
    // The tests above ran on a clock far ahead of the real one: bring the rows back to real time.
    await db()
      .updateTable('snapshot_schedule')
      .set({ next_due_at: new Date(0).toISOString(), last_run_at: null, failures: 0 })
      .execute();
    const scheduler = startSnapshotScheduler({
      intervalMs: 5_000,
      run: () =>
        runDueSnapshots({
          db: db(),
          pipeline: w.writer,
          isPostgres: w.testApp.database.dialect === 'postgres',
          intervalMs: 5_000,
        }),
      onError: (error) => {
        throw error;
      },
    });
    try {
      await vi.waitFor(async () => expect(await positionsOf()).toBeGreaterThanOrEqual(before + keys.length), {
        timeout: 20_000,
        interval: 200,
      });
    } finally {
      await scheduler.stop();
    }
  });
});
