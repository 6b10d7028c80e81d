import type { FarmKind } from '@tidewatch/shared';
import type { Address } from 'viem';
import { isAddressEqual } from 'viem';
import {
  type DueStake,
  loadClaimedStakes,
  reconcileSchedule,
  selectDueStakes,
} from '../core/jobs/schedule-repository.ts';
import { type RoundDeps, type RoundKind, type RoundReport, runRound } from '../core/jobs/scheduled-round.ts';
import type { CollectedSnapshots, SnapshotPipeline } from '../core/snapshots/index.ts';

/**
 * The scheduled snapshots of tracked V2 farm stakes: a (farm, wallet) stake is the item of a scheduled round
 * (core/jobs/scheduled-round.ts, on the work engine), read with every other stake of its farms in one
 * aggregate3 at one block.
 */
export type SnapshotRunDeps = RoundDeps & {
  pipeline: SnapshotPipeline;
  /** Farms per aggregate3 batch (each with its tracked wallets). */
  farmsPerBatch?: number;
  /** Called after each stored batch, e.g. to tell open pages ('snapshot created'). */
  onStored?: (stakes: DueStake[], collected: CollectedSnapshots) => void;
};

export type SnapshotRunReport = RoundReport;

const dayMs = 86_400_000;
const isZero = (amount: string) => /^0(\.0*)?$/.test(amount);

/**
 * A stake whose farm ended more than one interval ago and whose position and pending rewards are zero
 * changes no more: it is snapshotted daily at most. Every other stake is due one interval on.
 */
export function nextDueOf(
  stake: DueStake,
  collected: CollectedSnapshots,
  now: Date,
  intervalMs: number,
): Date {
  const farm = collected.farms.find((f) => isAddressEqual(f.address, stake.farmAddress));
  const position = collected.positions.find(
    (p) => isAddressEqual(p.farm, stake.farmAddress) && isAddressEqual(p.account, stake.wallet),
  );
  const hasEndedLongAgo = farm?.isEnded === true && now.getTime() - farm.periodFinish.getTime() > intervalMs;
  const isIdle =
    hasEndedLongAgo &&
    position !== undefined &&
    isZero(position.staked) &&
    position.earned.every((e) => isZero(e.amount));
  return new Date(now.getTime() + (isIdle ? Math.max(dayMs, intervalMs) : intervalMs));
}

/** Stage 1 (plan) of a run: the claimed stakes grouped by farm, then into batches of farms. */
function planBatches(stakes: DueStake[], farmsPerBatch: number): DueStake[][] {
  const byFarm = new Map<number, DueStake[]>();
  for (const stake of stakes) byFarm.set(stake.farmId, [...(byFarm.get(stake.farmId) ?? []), stake]);
  const farms = [...byFarm.values()];
  const batches: DueStake[][] = [];
  for (let i = 0; i < farms.length; i += farmsPerBatch)
    batches.push(farms.slice(i, i + farmsPerBatch).flat());
  return batches;
}

const farmsOf = (stakes: DueStake[]) => {
  const byFarm = new Map<number, { address: Address; kind: FarmKind; accounts: Address[] }>();
  for (const stake of stakes) {
    const farm = byFarm.get(stake.farmId) ?? { address: stake.farmAddress, kind: stake.kind, accounts: [] };
    farm.accounts.push(stake.wallet);
    byFarm.set(stake.farmId, farm);
  }
  return [...byFarm.values()];
};

/** The V2 farm stakes as a kind of scheduled round. */
export function farmStakeSnapshots(deps: SnapshotRunDeps): RoundKind<DueStake, CollectedSnapshots> {
  return {
    name: 'snapshot-batch',
    table: 'snapshot_schedule',
    reconcile: reconcileSchedule,
    selectDue: selectDueStakes,
    loadClaimed: loadClaimedStakes,
    batch: (stakes) => planBatches(stakes, deps.farmsPerBatch ?? 100),
    read: (stakes) => deps.pipeline.collectSnapshots({ farms: farmsOf(stakes), accounts: [] }),
    // A revert: each farm on its own, so one that reverts does not hold back the others.
    split: (stakes) =>
      [...new Set(stakes.map((p) => p.farmId))].map((id) => stakes.filter((p) => p.farmId === id)),
    store: (trx, mine, collected) => {
      const isMine = (farm: Address, account: Address) =>
        mine.some((p) => isAddressEqual(p.farmAddress, farm) && isAddressEqual(p.wallet, account));
      return deps.pipeline.writeSnapshots(trx, {
        ...collected,
        positions: collected.positions.filter((p) => isMine(p.farm, p.account)),
      });
    },
    nextDueAt: nextDueOf,
    onStored: (stored, collected) => deps.onStored?.(stored, collected),
  };
}

/**
 * One scheduled run of the V2 stakes in this process: plan -> read each batch at one block (one aggregate3 when
 * it fits) -> value -> store the batch and its schedule rows in one transaction; a revert splits by farm, an
 * RPC failure backs off (core/jobs/scheduled-round.ts). On PostgreSQL the batches go through the job queue.
 * @example const report = await runDueSnapshots({ db, pipeline, isPostgres: false, intervalMs: 3_600_000 });
 */
export function runDueSnapshots(deps: SnapshotRunDeps): Promise<SnapshotRunReport> {
  return runRound(farmStakeSnapshots(deps), deps);
}
