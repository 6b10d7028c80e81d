import type { FarmKind } from '@tidewatch/shared';
import type { Kysely } from 'kysely';
import type { Address } from 'viem';
import type { Database, DbOrTrx } from '../db/index.ts';
import {
  deleteUnfollowedRows,
  findFollowedWithoutRow,
  insertFollowingRows,
} from './followed-rows-repository.ts';
import { claimDue, claimedRows, dueRows } from './schedule-rows-repository.ts';

/** A tracked (farm, wallet) stake as the scheduler claims it. */
export type DueStake = {
  scheduleId: number;
  farmId: number;
  farmAddress: Address;
  kind: FarmKind;
  wallet: Address;
  failures: number;
};

const iso = (date: Date) => date.toISOString();

type DueStakeRow = {
  id: number;
  farm_id: number;
  address: string;
  kind: string;
  wallet_address: string;
  failures: number;
};
const toDueStake = (r: DueStakeRow): DueStake => ({
  scheduleId: r.id,
  farmId: r.farm_id,
  farmAddress: r.address as Address,
  kind: r.kind as FarmKind,
  wallet: r.wallet_address as Address,
  failures: r.failures,
});

/**
 * Adds a schedule row for every tracked stake that has none (first due one interval after its last
 * position snapshot, so a stake just tracked is not snapshotted twice), and drops rows no user tracks.
 * Idempotent: any process may run it at the start of a run.
 */
export async function reconcileSchedule(db: Kysely<Database>, now: Date, intervalMs: number): Promise<void> {
  const missing = await findFollowedWithoutRow(db, 'snapshot_schedule');
  const rows = [];
  for (const stake of missing) {
    const last = await db
      .selectFrom('position_snapshots')
      .where('farm_id', '=', Number(stake.farm_id))
      .where('account_address', '=', String(stake.wallet_address))
      .select((eb) => eb.fn.max('created_on').as('at'))
      .executeTakeFirst();
    const nextDue = last?.at ? new Date(new Date(last.at).getTime() + intervalMs) : now;
    rows.push({ ...stake, next_due_at: iso(nextDue) });
  }
  await insertFollowingRows(db, 'snapshot_schedule', rows);
  await deleteUnfollowedRows(db, 'snapshot_schedule');
}

const dueStakeColumns = [
  's.id',
  's.farm_id',
  'f.address',
  'f.kind',
  's.wallet_address',
  's.failures',
] as const;

/** The schedule's rows `s` with the farm each follows (both reads below start from it). */
const stakeRows = (db: DbOrTrx) =>
  db
    .selectFrom('snapshot_schedule as s')
    .innerJoin('farms as f', 'f.id', 's.farm_id')
    .select(dueStakeColumns);

/** Due and free stakes, oldest first, locked on PostgreSQL (scheduled-round.ts claims them). */
export async function selectDueStakes(
  trx: DbOrTrx,
  due: { now: string; limit: number; isPostgres: boolean },
): Promise<DueStake[]> {
  return (await dueRows(stakeRows(trx), 'snapshot_schedule', due).execute()).map(toDueStake);
}

/**
 * Claims up to `limit` due stakes for `leaseMs` (the lease set in the transaction that selects them, so two
 * processes never claim the same stake; a lease left by a process that died expires).
 */
export function claimDueStakes(
  db: Kysely<Database>,
  options: { now: Date; leaseMs: number; limit: number; isPostgres: boolean },
): Promise<DueStake[]> {
  return claimDue(db, 'snapshot_schedule', options, selectDueStakes);
}

/**
 * The stakes of a queued batch that still need this run: a job retried after its worker died mid-way skips
 * the stakes that worker already stored (their last run is not older than the claim).
 */
export async function loadClaimedStakes(
  db: Kysely<Database>,
  scheduleIds: number[],
  claimedAt: Date,
): Promise<DueStake[]> {
  if (scheduleIds.length === 0) return [];
  return (await claimedRows(stakeRows(db), scheduleIds, claimedAt).execute()).map(toDueStake);
}

export type SchedulerStatus = {
  last_run_at: string | null;
  pairs_due: number;
  last_error: { at: string; message: string } | null;
};

/** What /api/health reports of the scheduler, from the rows (whichever process ran it). */
export async function getSchedulerStatus(db: Kysely<Database>, now: Date): Promise<SchedulerStatus> {
  const [lastRun, due, lastError] = await Promise.all([
    db
      .selectFrom('snapshot_schedule')
      .select((eb) => eb.fn.max('last_run_at').as('at'))
      .executeTakeFirst(),
    db
      .selectFrom('snapshot_schedule')
      .where('next_due_at', '<=', iso(now))
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirst(),
    db
      .selectFrom('snapshot_schedule')
      .where('last_error_at', 'is not', null)
      .select(['last_error', 'last_error_at'])
      .orderBy('last_error_at', 'desc')
      .limit(1)
      .executeTakeFirst(),
  ]);
  return {
    last_run_at: lastRun?.at ?? null,
    pairs_due: Number(due?.n ?? 0),
    last_error: lastError?.last_error_at
      ? { at: lastError.last_error_at, message: lastError.last_error ?? '' }
      : null,
  };
}
