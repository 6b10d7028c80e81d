import { AppError } from '@tidewatch/shared';
import type { Kysely } from 'kysely';
import { ReadFailedError } from '../core/chain/errors.ts';
import type { Database } from '../core/db/index.ts';
import { heldLeaseMs, holdRows, leaseFrom } from '../core/jobs/lease.ts';
import {
  claimDueV3Positions,
  type DueV3Position,
  markV3PositionsDone,
  markV3PositionsFailed,
  reconcileV3Schedule,
} from '../core/v3/snapshot-schedule.ts';
import {
  type ReadV3Snapshots,
  readV3Snapshots,
  storeV3Snapshots,
  type V3PositionReader,
} from '../core/v3/snapshot-store.ts';

/**
 * The scheduler's V3 round (issue 34, item 5): every tracked V3 position snapshotted once per interval,
 * through the same machinery as the V2 pairs (decision 012): schedule rows with leases, batches read at
 * one block, stored with their schedule rows in one transaction, failures backed off; on PostgreSQL the
 * batches ride on pg-boss (snapshot-queue.ts).
 */
export type V3SnapshotRoundDeps = {
  db: Kysely<Database>;
  /** readV3Positions, bound to the chain, the prices and the configured contracts. */
  readPositions: V3PositionReader;
  isPostgres: boolean;
  intervalMs: number;
  now?: () => Date;
  /** Positions per read (one block each). */
  positionsPerBatch?: number;
  /**
   * Called after each stored batch (the alerts run there), with the block time of its read; not waited for:
   * what it returns (the alerts' promise) is for a caller that wants to know when they are done.
   */
  onStored?: (stored: DueV3Position[], read: ReadV3Snapshots['read']) => unknown;
};

export type V3SnapshotRoundReport = { claimed: number; stored: number; failed: number; batches: number };

/** As the V2 round: a claim for the job queue is held this long; a round in this process, heldLeaseMs renewed. */
const queuedLeaseMs = 5 * 60_000;
const maxPositionsPerRound = 20_000;

/** Next try after a failure: 15 s, 30 s, 1 min, … never later than one interval (as the V2 round). */
const backoffMs = (failures: number, intervalMs: number) => Math.min(intervalMs, 15_000 * 2 ** failures);

function describeFailure(error: unknown): string {
  if (error instanceof AppError) return error.message;
  return 'the automatic snapshot failed unexpectedly';
}

/** Plan: reconcile the schedule with what is tracked, claim every due position, cut them into batches. */
export async function planV3SnapshotRound(
  deps: V3SnapshotRoundDeps,
  options: { leaseMs?: number } = {},
): Promise<{ now: Date; batches: DueV3Position[][] }> {
  const now = (deps.now ?? (() => new Date()))();
  await reconcileV3Schedule(deps.db, now, deps.intervalMs);
  const claimed = await claimDueV3Positions(deps.db, {
    now,
    leaseMs: options.leaseMs ?? queuedLeaseMs,
    limit: maxPositionsPerRound,
    isPostgres: deps.isPostgres,
  });
  const size = deps.positionsPerBatch ?? 200;
  const batches: DueV3Position[][] = [];
  for (let i = 0; i < claimed.length; i += size) batches.push(claimed.slice(i, i + size));
  return { now, batches };
}

/**
 * One V3 round in this process (SQLite, or a test): plan, then each batch read at one block and stored.
 * @example await runDueV3Snapshots({ db, readPositions, isPostgres: false, intervalMs: 3_600_000 });
 */
export async function runDueV3Snapshots(deps: V3SnapshotRoundDeps): Promise<V3SnapshotRoundReport> {
  const { now, batches } = await planV3SnapshotRound(deps, { leaseMs: heldLeaseMs });
  const report: V3SnapshotRoundReport = { claimed: batches.flat().length, stored: 0, failed: 0, batches: 0 };
  const hold = holdRows(
    deps.db,
    'v3_snapshot_schedule',
    batches.flat().map((position) => position.scheduleId),
    leaseFrom(now, heldLeaseMs),
    { leaseMs: heldLeaseMs, now: deps.now ?? (() => new Date()) },
  );
  try {
    for (const batch of batches) await snapshotV3Batch(deps, batch, { now, claimedAt: now }, report);
  } finally {
    await hold.release();
  }
  return report;
}

/**
 * Reads one batch at one block and stores its snapshots with its schedule rows in one transaction (rows
 * marked first, guarded by the claim: a second copy of the batch writes nothing). A read that reverts is
 * split position by position, so one broken position does not hold back the others; a position the chain
 * no longer has (burnt) and an RPC failure are recorded on the rows with a back-off. Throws only when the
 * database fails.
 */
export async function snapshotV3Batch(
  deps: V3SnapshotRoundDeps,
  batch: DueV3Position[],
  at: { now: Date; claimedAt: Date },
  report: V3SnapshotRoundReport,
): Promise<void> {
  const { now } = at;
  report.batches += 1;
  const fail = async (failed: DueV3Position[], reason: string) => {
    report.failed += failed.length;
    await markV3PositionsFailed(
      deps.db,
      failed.map((p) => ({
        scheduleId: p.scheduleId,
        failures: p.failures,
        nextDueAt: new Date(now.getTime() + backoffMs(p.failures, deps.intervalMs)),
      })),
      reason,
      now,
    );
  };
  let snapshots: ReadV3Snapshots;
  try {
    snapshots = await readV3Snapshots(deps.readPositions, batch, now);
  } catch (error) {
    if (error instanceof ReadFailedError && batch.length > 1) {
      for (const position of batch) await snapshotV3Batch(deps, [position], at, report);
      return;
    }
    await fail(batch, describeFailure(error));
    return;
  }
  const missing = new Set(snapshots.missing.map((m) => m.positionId));
  const found = batch.filter((p) => !missing.has(p.positionId));
  const stored = await deps.db.transaction().execute(async (trx) => {
    const marked = await markV3PositionsDone(
      trx,
      found.map((p) => p.scheduleId),
      { now, nextDueAt: new Date(now.getTime() + deps.intervalMs), claimedAt: at.claimedAt },
    );
    const mine = found.filter((p) => marked.has(p.scheduleId));
    const mineIds = new Set(mine.map((p) => p.positionId));
    await storeV3Snapshots(trx, { rows: snapshots.rows.filter((r) => mineIds.has(r.position_id)) });
    return mine;
  });
  report.stored += stored.length;
  const burnt = batch.filter((p) => missing.has(p.positionId));
  if (burnt.length > 0) await fail(burnt, 'the position no longer exists (its NFT was burnt)');
  if (stored.length > 0) void deps.onStored?.(stored, snapshots.read);
}
