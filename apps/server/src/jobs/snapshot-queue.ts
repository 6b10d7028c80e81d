import PgBoss from 'pg-boss';
import type { ScheduledItem } from '../core/jobs/schedule-rows-repository.ts';
import { planRound, type RoundDeps, type RoundKind, runQueuedBatch } from '../core/jobs/scheduled-round.ts';
import type { Scheduler } from './scheduler.ts';
import { startSnapshotScheduler } from './scheduler.ts';

type BatchJob = { scheduleIds: number[]; claimedAt: string };

/** A kind of scheduled round with the deps it runs with (a V2 farm stake, a V3 position, …). */
// biome-ignore lint/suspicious/noExplicitAny: each kind has its own item and read; the queue only passes ids.
export type QueuedRound = { kind: RoundKind<ScheduledItem & any, any>; deps: RoundDeps };

/**
 * Creates the queue unless it exists, else sets its options (a job takes its retry and expiry from its queue: an
 * interval changed since the queue was made counts from this start on). Processes starting together race to create
 * it (PostgreSQL may even report a deadlock between them): whoever loses waits a moment and finds it made.
 */
async function ensureQueue(boss: PgBoss, queue: PgBoss.Queue): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    if (await boss.getQueue(queue.name)) {
      await boss.updateQueue(queue.name, queue);
      return;
    }
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
 * Scheduled rounds on PostgreSQL, shared by every process that runs a worker: each tick plans every kind's round
 * (claims its due items under a lease, so an item is in one batch only) and sends the batches to that kind's
 * pg-boss queue; any process's worker takes a batch and runs it through the engine's batch step. A worker that
 * dies mid-batch lets its job expire, and pg-boss hands it to another worker with back-off; items that worker
 * already stored are skipped, so nothing is written twice. No job state lives in one process's memory.
 */
export async function startQueuedSnapshots(options: {
  rounds: QueuedRound[];
  databaseUrl: string;
  intervalMs: number;
  onError: (error: unknown) => void;
  logInfo: (message: string) => void;
  /** Also run at every tick (the retention job, which claims its own day). */
  alsoOnTick?: () => Promise<unknown>;
}): Promise<Scheduler> {
  // A dead worker's batch is handed on after about an interval (10 s at least, 5 min at most).
  const expireInSeconds = Math.min(300, Math.max(10, Math.round(options.intervalMs / 1000)));
  const boss = new PgBoss({
    connectionString: options.databaseUrl,
    maintenanceIntervalSeconds: Math.min(60, expireInSeconds),
    schedule: false,
  });
  boss.on('error', options.onError);
  await boss.start();
  // A failed or expired batch is tried again after 15 s, or after an interval when rounds come sooner (doubling, with
  // jitter, at each try): a dead worker's batch is stored about when the next round would have stored it.
  const retryDelay = Math.max(1, Math.min(15, Math.round(options.intervalMs / 1000)));
  const queueOptions = { retryLimit: 5, retryDelay, retryBackoff: true, expireInSeconds };
  for (const { kind, deps } of options.rounds) {
    await ensureQueue(boss, { ...queueOptions, name: kind.name });
    await boss.work<BatchJob>(kind.name, { pollingIntervalSeconds: 1 }, async ([job]) => {
      if (!job) return;
      const claimedAt = new Date(job.data.claimedAt);
      const report = await runQueuedBatch(kind, deps, { scheduleIds: job.data.scheduleIds, claimedAt });
      if (report.claimed === 0) return;
      options.logInfo(
        `${kind.name} ${job.id}: ${report.stored} stored, ${report.failed} failed, ${report.alreadyDone} already done`,
      );
    });
  }
  const ticker = startSnapshotScheduler({
    intervalMs: options.intervalMs,
    run: async () => {
      for (const { kind, deps } of options.rounds) {
        const { now, batches } = await planRound(kind, deps);
        for (const batch of batches) {
          const data: BatchJob = {
            scheduleIds: batch.map((item) => item.scheduleId),
            claimedAt: now.toISOString(),
          };
          await boss.send(kind.name, data);
        }
      }
      await options.alsoOnTick?.();
    },
    onError: options.onError,
  });
  return {
    async stop() {
      await ticker.stop();
      await boss.stop({ graceful: true, wait: true, timeout: 8_000 });
    },
  };
}
