import PgBoss from 'pg-boss';
import { loadClaimedPairs } from '../core/jobs/schedule-repository.ts';
import { loadClaimedV3Positions } from '../core/v3/snapshot-schedule.ts';
import type { Scheduler } from './scheduler.ts';
import { startSnapshotScheduler } from './scheduler.ts';
import {
  planSnapshotRun,
  type SnapshotRunDeps,
  type SnapshotRunReport,
  snapshotBatch,
} from './snapshot-run.ts';
import {
  planV3SnapshotRound,
  snapshotV3Batch,
  type V3SnapshotRoundDeps,
  type V3SnapshotRoundReport,
} from './v3-snapshot-round.ts';

/** The pg-boss queues of snapshot batches (decision 012): V2 pairs, and tracked V3 positions (issue 34). */
const snapshotBatchQueue = 'snapshot-batch';
const v3SnapshotBatchQueue = 'v3-snapshot-batch';

type BatchJob = { scheduleIds: number[]; claimedAt: string };

/**
 * Creates the queue unless it exists. Processes starting together race to create it (PostgreSQL may even
 * report a deadlock between them): whoever loses waits a moment and finds it made.
 */
async function ensureQueue(boss: PgBoss, queue: PgBoss.Queue): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    if (await boss.getQueue(queue.name)) return;
    try {
      await boss.createQueue(queue.name, queue);
      return;
    } catch (error) {
      if (attempt >= 5) throw error;
      await new Promise((done) => setTimeout(done, 100 * attempt));
    }
  }
}

/**
 * Scheduled snapshots on PostgreSQL, shared by every process that runs a worker: each tick plans a run
 * (claims due pairs under a lease, so a pair is in one batch only) and sends its batches to pg-boss; any
 * process's worker takes a batch and runs it through the pipeline. A worker that dies mid-batch lets its
 * job expire, and pg-boss hands it to another worker with back-off; pairs that worker already stored are
 * skipped, so nothing is written twice. No job state lives in one process's memory.
 */
export async function startQueuedSnapshots(
  deps: SnapshotRunDeps & {
    databaseUrl: string;
    onError: (error: unknown) => void;
    logInfo: (message: string) => void;
    /** Also run at every tick (the retention job, which claims its own day). */
    alsoOnTick?: () => Promise<unknown>;
    /** The V3 round: its due positions are planned at every tick and their batches sent on their own queue. */
    v3?: V3SnapshotRoundDeps;
  },
): Promise<Scheduler> {
  // A dead worker's batch is handed on after about an interval (10 s at least, 5 min at most).
  const expireInSeconds = Math.min(300, Math.max(10, Math.round(deps.intervalMs / 1000)));
  const boss = new PgBoss({
    connectionString: deps.databaseUrl,
    maintenanceIntervalSeconds: Math.min(60, expireInSeconds),
    schedule: false,
  });
  boss.on('error', deps.onError);
  await boss.start();
  const queueOptions = { retryLimit: 5, retryDelay: 15, retryBackoff: true, expireInSeconds };
  await ensureQueue(boss, { ...queueOptions, name: snapshotBatchQueue });
  await boss.work<BatchJob>(snapshotBatchQueue, { pollingIntervalSeconds: 1 }, async ([job]) => {
    if (!job) return;
    const pairs = await loadClaimedPairs(deps.db, job.data.scheduleIds, new Date(job.data.claimedAt));
    if (pairs.length === 0) return;
    const report: SnapshotRunReport = { claimed: pairs.length, stored: 0, failed: 0, batches: 0 };
    const claimedAt = new Date(job.data.claimedAt);
    await snapshotBatch(deps, pairs, { now: (deps.now ?? (() => new Date()))(), claimedAt }, report);
    deps.logInfo(
      `snapshot batch ${job.id}: ${report.stored} stored, ${report.failed} failed, ${pairs.length - report.stored - report.failed} already done`,
    );
  });
  const { v3 } = deps;
  if (v3) {
    await ensureQueue(boss, { ...queueOptions, name: v3SnapshotBatchQueue });
    await boss.work<BatchJob>(v3SnapshotBatchQueue, { pollingIntervalSeconds: 1 }, async ([job]) => {
      if (!job) return;
      const claimedAt = new Date(job.data.claimedAt);
      const positions = await loadClaimedV3Positions(v3.db, job.data.scheduleIds, claimedAt);
      if (positions.length === 0) return;
      const report: V3SnapshotRoundReport = { claimed: positions.length, stored: 0, failed: 0, batches: 0 };
      await snapshotV3Batch(v3, positions, { now: (v3.now ?? (() => new Date()))(), claimedAt }, report);
      deps.logInfo(`V3 snapshot batch ${job.id}: ${report.stored} stored, ${report.failed} failed`);
    });
  }
  const ticker = startSnapshotScheduler({
    intervalMs: deps.intervalMs,
    run: async () => {
      const { now, batches } = await planSnapshotRun(deps);
      for (const batch of batches) {
        const data: BatchJob = { scheduleIds: batch.map((p) => p.scheduleId), claimedAt: now.toISOString() };
        await boss.send(snapshotBatchQueue, data);
      }
      if (v3) {
        const round = await planV3SnapshotRound(v3);
        for (const batch of round.batches) {
          const data: BatchJob = {
            scheduleIds: batch.map((p) => p.scheduleId),
            claimedAt: round.now.toISOString(),
          };
          await boss.send(v3SnapshotBatchQueue, data);
        }
      }
      await deps.alsoOnTick?.();
    },
    onError: deps.onError,
  });
  return {
    async stop() {
      await ticker.stop();
      await boss.stop({ graceful: true, wait: true, timeout: 8_000 });
    },
  };
}
