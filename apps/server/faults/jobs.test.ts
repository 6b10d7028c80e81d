import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runHistoryJob } from '../src/core/history/backfill.ts';
import { claimBackfill, reconcileBackfills } from '../src/core/history/repository.ts';
import { heldLeaseMs } from '../src/core/jobs/lease-repository.ts';
import { planRound } from '../src/core/jobs/scheduled-round.ts';
import { farmStakeSnapshots, runDueSnapshots, type SnapshotRunDeps } from '../src/jobs/snapshot-run.ts';
import { type FarmsWorld, startFarmsWorldWithUser, trackWorldFarms } from '../test/farms-setup.ts';
import { createTally } from './tally.ts';

// Issue 43, Build 1 and 8: a process killed (SIGKILL) right after it claimed scheduled work, at two points: a
// snapshot run and a history step. Nothing renews its claim, nothing releases it: another process must take the
// work over within a minute and do it. The clock is the test's (the runs take it from `now`).
const tally = createTally(import.meta.filename);
let w: FarmsWorld;
// Past the tracked pair's first interval: it is due.
const start = new Date(Date.now() + 3 * 3_600_000);
const later = (ms: number) => new Date(start.getTime() + ms);
const minute = 60_000;

const snapshotDeps = (now: Date): SnapshotRunDeps => ({
  db: w.testApp.database.db,
  pipeline: w.writer,
  isPostgres: w.testApp.databaseUrl !== undefined,
  intervalMs: 3_600_000,
  now: () => now,
});

beforeAll(async () => {
  const started = await startFarmsWorldWithUser(['wmaticUsdc']);
  w = started.w;
  await trackWorldFarms(w, started.user, ['wmaticUsdc']);
}, 180_000);
afterAll(async () => {
  tally.write();
  await w?.close();
});

describe('a process killed holding scheduled work', () => {
  it('in a snapshot run: another process takes the pairs over within a minute', async () => {
    const seen = tally.problems.length;
    tally.injected();
    const deps = snapshotDeps(start);
    const { batches } = await planRound(farmStakeSnapshots(deps), deps, { leaseMs: heldLeaseMs });
    const claimed = batches.flat().length;
    expect(claimed).toBeGreaterThan(0);
    // Killed: no batch runs, the claim is neither renewed nor released.
    const report = await runDueSnapshots(snapshotDeps(later(minute + 1_000)));
    if (report.claimed < claimed || report.stored < claimed)
      tally.problem('stuck_over_lease', `snapshots: ${report.claimed} of ${claimed} taken over a minute on`);
    expect(tally.problems.slice(seen)).toEqual([]);
  });

  it('in a history step: another process takes the pair over within a minute', async () => {
    const seen = tally.problems.length;
    tally.injected();
    const db = w.testApp.database.db;
    await reconcileBackfills(db, start, false);
    const job = await claimBackfill(db, { now: start, leaseMs: heldLeaseMs });
    expect(job).toBeDefined();
    const deps = {
      db,
      chain: w.t.chain,
      pipeline: w.writer,
      backfillDays: 30,
      logsBlockRange: 10_000,
      intervalMs: 3_600_000,
    };
    // Within the dead process's lease nobody takes it; a minute on, another does.
    if (await runHistoryJob({ ...deps, now: () => later(30_000) }))
      tally.problem('duplicated', 'history: a step was taken while a live lease held it');
    if (!(await runHistoryJob({ ...deps, now: () => later(minute + 1_000) })))
      tally.problem('stuck_over_lease', 'history: the pair was still held a minute on');
    expect(tally.problems.slice(seen)).toEqual([]);
  });
});
