import { type RoundDeps, type RoundKind, runRound } from '../../../core/jobs/scheduled-round.ts';
import type { VaultsDeps } from '../context.ts';
import { readVaultSnapshots, type VaultSnapshotsRead } from '../snapshots.ts';
import { insertVaultSnapshots } from '../tracking-repository.ts';
import {
  type DueVaultPosition,
  loadClaimedVaultPositions,
  reconcileVaultSchedule,
  selectDueVaultPositions,
} from './schedule-repository.ts';

/** What the vaults round is wired with: the tool's reads, and what runs after each stored batch (the alerts). */
export type VaultSnapshotRoundDeps = RoundDeps & {
  vaults: VaultsDeps;
  /** Positions per read (one block each). */
  positionsPerBatch?: number;
  /** After each stored batch, with the block time of its read; not waited for. */
  onStored?: (stored: DueVaultPosition[], read: VaultSnapshotsRead) => unknown;
};

/**
 * Tracked lair and syrup positions as a kind of scheduled round (core/jobs/scheduled-round.ts, on the work
 * engine) beside the V2 stakes and V3 positions: schedule rows with leases, batches read at one block (two
 * requests each), stored with their schedule rows in one transaction, failures backed off; on PostgreSQL the
 * batches ride on pg-boss like the others.
 */
export function vaultPositionSnapshots(
  deps: VaultSnapshotRoundDeps,
): RoundKind<DueVaultPosition, VaultSnapshotsRead> {
  return {
    name: 'vault-snapshot-batch',
    table: 'vault_snapshot_schedule',
    reconcile: reconcileVaultSchedule,
    selectDue: selectDueVaultPositions,
    loadClaimed: loadClaimedVaultPositions,
    batch: (positions) => {
      const size = deps.positionsPerBatch ?? 200;
      const batches: DueVaultPosition[][] = [];
      for (let i = 0; i < positions.length; i += size) batches.push(positions.slice(i, i + size));
      return batches;
    },
    read: (batch) => readVaultSnapshots(deps.vaults, batch),
    // A revert: position by position, so one broken position does not hold back the others.
    split: (batch) => batch.map((position) => [position]),
    // A contract that no longer answers (or a vault no longer listed) is recorded on its row with a back-off.
    missing: (read, batch) => {
      const gone = new Set(read.unreadable);
      return {
        items: batch.filter((p) => gone.has(p.positionId)),
        reason: 'the vault, lair or syrup pool could not be read',
      };
    },
    store: (trx, mine, read) => {
      const mineIds = new Set(mine.map((p) => p.positionId));
      return insertVaultSnapshots(
        trx,
        read.rows.filter((r) => mineIds.has(r.position_id)),
      );
    },
    nextDueAt: (_position, _read, now, intervalMs) => new Date(now.getTime() + intervalMs),
    onStored: (stored, read) => deps.onStored?.(stored, read),
  };
}

/**
 * One vaults round in this process (SQLite, or a test): plan, then each batch read at one block and stored.
 * @example await runDueVaultSnapshots({ db, vaults, isPostgres: false, intervalMs: 3_600_000 });
 */
export function runDueVaultSnapshots(deps: VaultSnapshotRoundDeps) {
  return runRound(vaultPositionSnapshots(deps), deps);
}
