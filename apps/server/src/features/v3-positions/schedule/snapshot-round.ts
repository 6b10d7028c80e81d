import {
  type RoundDeps,
  type RoundKind,
  type RoundReport,
  runRound,
} from '../../../core/jobs/scheduled-round.ts';
import {
  type DueV3Position,
  loadClaimedV3Positions,
  reconcileV3Schedule,
  selectDueV3Positions,
} from './snapshot-schedule-repository.ts';
import {
  type ReadV3Snapshots,
  readV3Snapshots,
  storeV3Snapshots,
  type V3PositionReader,
} from './snapshot-store.ts';

/**
 * The scheduler's V3 round (issue 34, item 5): every tracked V3 position snapshotted once per interval, a
 * kind of scheduled round (core/jobs/scheduled-round.ts, on the work engine) beside the V2 pairs: schedule
 * rows with leases, batches read at one block, stored with their schedule rows in one transaction, failures
 * backed off; on PostgreSQL the batches ride on pg-boss (snapshot-queue.ts).
 */
export type V3SnapshotRoundDeps = RoundDeps & {
  /** readV3Positions, bound to the chain, the prices and the configured contracts. */
  readPositions: V3PositionReader;
  /** Positions per read (one block each). */
  positionsPerBatch?: number;
  /**
   * Called after each stored batch (the alerts run there), with the block time of its read; not waited for:
   * what it returns (the alerts' promise) is for a caller that wants to know when they are done.
   */
  onStored?: (stored: DueV3Position[], read: ReadV3Snapshots['read']) => unknown;
};

export type V3SnapshotRoundReport = RoundReport;

/** Tracked V3 positions as a kind of scheduled round. */
export function v3PositionSnapshots(deps: V3SnapshotRoundDeps): RoundKind<DueV3Position, ReadV3Snapshots> {
  return {
    name: 'v3-snapshot-batch',
    table: 'v3_snapshot_schedule',
    reconcile: reconcileV3Schedule,
    selectDue: selectDueV3Positions,
    loadClaimed: loadClaimedV3Positions,
    batch: (positions) => {
      const size = deps.positionsPerBatch ?? 200;
      const batches: DueV3Position[][] = [];
      for (let i = 0; i < positions.length; i += size) batches.push(positions.slice(i, i + size));
      return batches;
    },
    read: (batch, now) => readV3Snapshots(deps.readPositions, batch, now),
    // A revert: position by position, so one broken position does not hold back the others.
    split: (batch) => batch.map((position) => [position]),
    // A position the chain no longer has (its NFT burnt) is recorded on its row with a back-off.
    missing: (snapshots, batch) => {
      const gone = new Set(snapshots.missing.map((m) => m.positionId));
      return {
        items: batch.filter((p) => gone.has(p.positionId)),
        reason: 'the position no longer exists (its NFT was burnt)',
      };
    },
    store: (trx, mine, snapshots) => {
      const mineIds = new Set(mine.map((p) => p.positionId));
      return storeV3Snapshots(trx, { rows: snapshots.rows.filter((r) => mineIds.has(r.position_id)) });
    },
    nextDueAt: (_position, _read, now, intervalMs) => new Date(now.getTime() + intervalMs),
    onStored: (stored, snapshots) => deps.onStored?.(stored, snapshots.read),
  };
}

/**
 * One V3 round in this process (SQLite, or a test): plan, then each batch read at one block and stored.
 * @example await runDueV3Snapshots({ db, readPositions, isPostgres: false, intervalMs: 3_600_000 });
 */
export function runDueV3Snapshots(deps: V3SnapshotRoundDeps): Promise<V3SnapshotRoundReport> {
  return runRound(v3PositionSnapshots(deps), deps);
}
