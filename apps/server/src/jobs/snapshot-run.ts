import type { FarmKind } from '@tidewatch/shared';
import { AppError } from '@tidewatch/shared';
import type { Kysely } from 'kysely';
import type { Address } from 'viem';
import { ReadFailedError } from '../core/chain/errors.ts';
import type { Database } from '../core/db/index.ts';
import { heldLeaseMs, holdRows, leaseFrom } from '../core/jobs/lease.ts';
import {
  claimDuePairs,
  type DuePair,
  markPairsDone,
  markPairsFailed,
  reconcileSchedule,
} from '../core/jobs/schedule-repository.ts';
import type { CollectedSnapshots, SnapshotPipeline } from '../core/snapshots/index.ts';

export type SnapshotRunDeps = {
  db: Kysely<Database>;
  pipeline: SnapshotPipeline;
  isPostgres: boolean;
  intervalMs: number;
  now?: () => Date;
  /** Farms per aggregate3 batch (each with its tracked wallets). */
  farmsPerBatch?: number;
  /** Called after each stored batch, e.g. to tell open pages ('snapshot created'). */
  onStored?: (pairs: DuePair[], collected: CollectedSnapshots) => void;
};

export type SnapshotRunReport = { claimed: number; stored: number; failed: number; batches: number };

/**
 * A pair claimed for the job queue is held this long (a batch waits there for a worker; pg-boss hands a dead
 * worker's job on after its expiry, at most as long). A run in this process holds its pairs for heldLeaseMs
 * instead, renewed while it works.
 */
const queuedLeaseMs = 5 * 60_000;
/** Pairs one run takes at most; the rest are due at the next tick. */
const maxPairsPerRun = 20_000;
const dayMs = 86_400_000;
const isZero = (amount: string) => /^0(\.0*)?$/.test(amount);

/** One line for the farm card and the health report: the error's own short message, never a stack. */
function describeFailure(error: unknown): string {
  if (error instanceof AppError) return error.message;
  return 'the automatic snapshot failed unexpectedly';
}

/** Next try after a failure: 15 s, 30 s, 1 min, … never later than one interval. */
const backoffMs = (failures: number, intervalMs: number) => Math.min(intervalMs, 15_000 * 2 ** failures);

/**
 * A pair whose farm ended more than one interval ago and whose position and pending rewards are zero
 * changes no more: it is snapshotted daily at most. Every other pair is due one interval on.
 */
export function nextDueOf(pair: DuePair, collected: CollectedSnapshots, now: Date, intervalMs: number): Date {
  const farm = collected.farms.find((f) => f.address.toLowerCase() === pair.farmAddress.toLowerCase());
  const position = collected.positions.find(
    (p) =>
      p.farm.toLowerCase() === pair.farmAddress.toLowerCase() &&
      p.account.toLowerCase() === pair.wallet.toLowerCase(),
  );
  const hasEndedLongAgo = farm?.isEnded === true && now.getTime() - farm.periodFinish.getTime() > intervalMs;
  const isIdle =
    hasEndedLongAgo &&
    position !== undefined &&
    isZero(position.staked) &&
    position.earned.every((e) => isZero(e.amount));
  return new Date(now.getTime() + (isIdle ? Math.max(dayMs, intervalMs) : intervalMs));
}

/** Stage 1 (plan) of a run: the claimed pairs grouped by farm, then into batches of farms. */
function planBatches(pairs: DuePair[], farmsPerBatch: number): DuePair[][] {
  const byFarm = new Map<number, DuePair[]>();
  for (const pair of pairs) byFarm.set(pair.farmId, [...(byFarm.get(pair.farmId) ?? []), pair]);
  const farms = [...byFarm.values()];
  const batches: DuePair[][] = [];
  for (let i = 0; i < farms.length; i += farmsPerBatch)
    batches.push(farms.slice(i, i + farmsPerBatch).flat());
  return batches;
}

const farmsOf = (pairs: DuePair[]) => {
  const byFarm = new Map<number, { address: Address; kind: FarmKind; accounts: Address[] }>();
  for (const pair of pairs) {
    const farm = byFarm.get(pair.farmId) ?? { address: pair.farmAddress, kind: pair.kind, accounts: [] };
    farm.accounts.push(pair.wallet);
    byFarm.set(pair.farmId, farm);
  }
  return [...byFarm.values()];
};

/**
 * Stage 1 (plan) of a scheduled run: reconcile the schedule with what is tracked, claim every due pair
 * (a lease, so no other process takes it), and batch them by farm.
 */
export async function planSnapshotRun(
  deps: SnapshotRunDeps,
  options: { leaseMs?: number } = {},
): Promise<{ now: Date; batches: DuePair[][] }> {
  const now = (deps.now ?? (() => new Date()))();
  await reconcileSchedule(deps.db, now, deps.intervalMs);
  const claimed = await claimDuePairs(deps.db, {
    now,
    leaseMs: options.leaseMs ?? queuedLeaseMs,
    limit: maxPairsPerRun,
    isPostgres: deps.isPostgres,
  });
  return { now, batches: planBatches(claimed, deps.farmsPerBatch ?? 100) };
}

/**
 * One scheduled run through the snapshot pipeline, in this process: plan -> read each batch at one block
 * (one aggregate3 when it fits) -> value -> store the batch and its schedule rows in one transaction. A
 * batch that fails on a reverting read is split by farm, so one broken farm is isolated and the others
 * are stored; a failure of the RPC itself marks the batch failed, keeps the last good snapshots, and
 * backs off. (On PostgreSQL the batches go through the job queue instead: snapshot-queue.ts.)
 * @example const report = await runDueSnapshots({ db, pipeline, isPostgres: false, intervalMs: 3_600_000 });
 */
export async function runDueSnapshots(deps: SnapshotRunDeps): Promise<SnapshotRunReport> {
  const { now, batches } = await planSnapshotRun(deps, { leaseMs: heldLeaseMs });
  const report: SnapshotRunReport = { claimed: batches.flat().length, stored: 0, failed: 0, batches: 0 };
  const hold = holdRows(
    deps.db,
    'snapshot_schedule',
    batches.flat().map((pair) => pair.scheduleId),
    leaseFrom(now, heldLeaseMs),
    { leaseMs: heldLeaseMs, now: deps.now ?? (() => new Date()) },
  );
  try {
    for (const batch of batches) await snapshotBatch(deps, batch, { now, claimedAt: now }, report);
  } finally {
    await hold.release();
  }
  return report;
}

/**
 * Stages 2-4 for one batch (read at one block, value, store with its schedule rows in one transaction);
 * failures are recorded on the pairs, never thrown, except when the database itself fails.
 */
export async function snapshotBatch(
  deps: SnapshotRunDeps,
  pairs: DuePair[],
  at: { now: Date; claimedAt: Date },
  report: SnapshotRunReport,
) {
  const { now } = at;
  report.batches += 1;
  try {
    const collected = await deps.pipeline.collectSnapshots({ farms: farmsOf(pairs), accounts: [] });
    // The schedule rows are marked first, guarded by the claim: a second copy of a batch (a queue job
    // handed on while its first worker still finished) finds them taken and writes nothing.
    const stored = await deps.db.transaction().execute(async (trx) => {
      const marked = await markPairsDone(
        trx,
        pairs.map((pair) => ({
          scheduleId: pair.scheduleId,
          nextDueAt: nextDueOf(pair, collected, now, deps.intervalMs),
        })),
        now,
        at.claimedAt,
      );
      const mine = pairs.filter((p) => marked.has(p.scheduleId));
      if (mine.length === 0) return mine;
      const isMine = (farm: string, account: string) =>
        mine.some(
          (p) =>
            p.farmAddress.toLowerCase() === farm.toLowerCase() &&
            p.wallet.toLowerCase() === account.toLowerCase(),
        );
      await deps.pipeline.writeSnapshots(trx, {
        ...collected,
        positions: collected.positions.filter((p) => isMine(p.farm, p.account)),
      });
      return mine;
    });
    report.stored += stored.length;
    if (stored.length > 0) deps.onStored?.(stored, collected);
  } catch (error) {
    const farmIds = [...new Set(pairs.map((p) => p.farmId))];
    if (error instanceof ReadFailedError && farmIds.length > 1) {
      // Isolate: each farm on its own, so one that reverts does not hold back the others.
      for (const farmId of farmIds) {
        await snapshotBatch(
          deps,
          pairs.filter((p) => p.farmId === farmId),
          at,
          report,
        );
      }
      return;
    }
    report.failed += pairs.length;
    await markPairsFailed(
      deps.db,
      pairs.map((pair) => ({
        scheduleId: pair.scheduleId,
        failures: pair.failures,
        nextDueAt: new Date(now.getTime() + backoffMs(pair.failures, deps.intervalMs)),
      })),
      describeFailure(error),
      now,
    );
  }
}
