import { AppError } from '@tidewatch/shared';
import type { Kysely } from 'kysely';
import { ReadFailedError } from '../chain/errors.ts';
import type { Database, DbOrTrx } from '../db/index.ts';
import { type BackoffPolicy, retryDelayMs } from './backoff.ts';
import { heldLeaseMs, holdRows, leaseFrom, type RowHold } from './lease-repository.ts';
import {
  claimDue,
  markDone,
  markFailed,
  type ScheduledItem,
  type ScheduleTable,
} from './schedule-rows-repository.ts';
import { alreadyTaken, runWork, type WorkKind } from './work-engine.ts';

/**
 * A kind of scheduled round (issue 44, Build 1): snapshots of what users follow, claimed from a schedule
 * table under a lease, cut into batches, each read in one go at one block, split on a revert, stored with its
 * schedule rows in one transaction, backed off on failure: the work engine's stages
 * (core/jobs/work-engine.ts) with a batch as the unit. The kind is the round's only parameter: what it
 * follows (its schedule table and how a due row is read), how a batch is read and stored, and when an item is
 * due again. V2 farm stakes and V3 positions are two kinds of it (jobs/snapshot-run.ts,
 * features/v3-positions/schedule/snapshot-round.ts); on PostgreSQL the batches ride on pg-boss
 * (jobs/snapshot-queue.ts), through the same stages.
 */
export type RoundKind<Item extends ScheduledItem, Read> = {
  /** For logs and the job queue's name. */
  name: string;
  table: ScheduleTable;
  /** Adds rows for what is followed and has none, drops rows nobody follows (idempotent; any process). */
  reconcile(db: Kysely<Database>, now: Date, intervalMs: number): Promise<void>;
  /** Due and free rows, oldest first, locked on PostgreSQL (the engine claims them). */
  selectDue(trx: DbOrTrx, due: { now: string; limit: number; isPostgres: boolean }): Promise<Item[]>;
  /** The items of claimed rows not run since `claimedAt` (a queue job retried after its worker died). */
  loadClaimed(db: Kysely<Database>, scheduleIds: number[], claimedAt: Date): Promise<Item[]>;
  /** Stage 1 (claim): claimed items into batches, each read at one block. */
  batch(items: Item[]): Item[][];
  /** Stage 2 (perform): one batch, read at one block. Throws ReadFailedError when a read reverts. */
  read(batch: Item[], now: Date): Promise<Read>;
  /** Stage 3, on a revert: the batch in smaller parts, so one broken item does not hold back the others. */
  split(batch: Item[]): Item[][];
  /** Items the read found gone for good, with why (they are marked failed, with a back-off). */
  missing?(read: Read, batch: Item[]): { items: Item[]; reason: string };
  /** Stage 4 (record): stores what was read of `mine` (the items this run marked), in the transaction. */
  store(trx: DbOrTrx, mine: Item[], read: Read): Promise<unknown>;
  /** When an item is due again after a success. */
  nextDueAt(item: Item, read: Read, now: Date, intervalMs: number): Date;
  /** After a stored batch (tell open pages, run alerts); not waited for. */
  onStored?(stored: Item[], read: Read): unknown;
};

export type RoundDeps = {
  db: Kysely<Database>;
  isPostgres: boolean;
  intervalMs: number;
  now?: () => Date;
};

export type RoundReport = { claimed: number; stored: number; failed: number; batches: number };

/**
 * A batch claimed for the job queue is held this long (it waits there for a worker; pg-boss hands a dead
 * worker's job on after its expiry, at most as long). A round in this process holds its rows for heldLeaseMs
 * instead, renewed while it works.
 */
const queuedLeaseMs = 5 * 60_000;
/** Items one round takes at most; the rest are due at the next tick. */
const maxItemsPerRound = 20_000;

/** Next try after a failure: 15 s, 30 s, 1 min, … never later than one interval. */
const backoffOf = (intervalMs: number): BackoffPolicy => ({ firstMs: 15_000, maxMs: intervalMs });

/** One line for the card and the health report: the error's own short message, never a stack. */
function describeFailure(error: unknown): string {
  if (error instanceof AppError) return error.message;
  return 'the automatic snapshot failed unexpectedly';
}

const clockOf = (deps: RoundDeps) => deps.now ?? (() => new Date());

/** Reconciles the kind's schedule, claims every due item under a lease of `leaseMs`, cuts them in batches. */
async function claimBatches<Item extends ScheduledItem, Read>(
  kind: RoundKind<Item, Read>,
  deps: RoundDeps,
  now: Date,
  leaseMs: number,
): Promise<Item[][]> {
  await kind.reconcile(deps.db, now, deps.intervalMs);
  const claimed = await claimDue(
    deps.db,
    kind.table,
    { now, leaseMs, limit: maxItemsPerRound, isPostgres: deps.isPostgres },
    kind.selectDue,
  );
  return kind.batch(claimed);
}

/** Stage 1 (claim) for the job queue: the due items claimed under a lease and cut into batches, at `now`. */
export async function planRound<Item extends ScheduledItem, Read>(
  kind: RoundKind<Item, Read>,
  deps: RoundDeps,
  options: { leaseMs?: number } = {},
): Promise<{ now: Date; batches: Item[][] }> {
  const now = clockOf(deps)();
  return { now, batches: await claimBatches(kind, deps, now, options.leaseMs ?? queuedLeaseMs) };
}

/**
 * A round kind as a kind of the work engine, its unit a batch: claimed by `pass.claim` → read at one block →
 * split on a revert → its rows marked and what was read stored in one transaction → the rows of a failed
 * batch backed off. The rows are marked first, guarded by the claim: a second copy of a batch (a queue job
 * handed on while its first worker still finished) finds them run and writes nothing. The items' counts go to
 * `report`.
 */
function roundWork<Item extends ScheduledItem, Read>(
  kind: RoundKind<Item, Read>,
  deps: RoundDeps,
  pass: { now: Date; claimedAt: Date; claim(): Promise<Item[][]>; hold?(batches: Item[][]): RowHold },
  report: RoundReport,
): WorkKind<Item[], Read> {
  const { now } = pass;
  const retry = backoffOf(deps.intervalMs);
  const markItemsFailed = async (failed: Item[], reason: string, nextTryAt: (failures: number) => Date) => {
    report.failed += failed.length;
    await markFailed(
      deps.db,
      kind.table,
      failed.map((item) => ({
        scheduleId: item.scheduleId,
        failures: item.failures,
        nextDueAt: nextTryAt(item.failures),
      })),
      reason,
      now,
    );
  };
  return {
    claim: async () => {
      const batches = await pass.claim();
      report.claimed += batches.flat().length;
      return batches;
    },
    take: alreadyTaken,
    hold: pass.hold,
    perform: (batch) => kind.read(batch, now),
    split: (batch, error) => (error instanceof ReadFailedError ? kind.split(batch) : []),
    record: async (batch, read) => {
      // Items the read found gone for good (a burnt NFT) are backed off; the others are stored.
      const missing = kind.missing?.(read, batch) ?? { items: [], reason: '' };
      const gone = new Set(missing.items.map((item) => item.scheduleId));
      const found = batch.filter((item) => !gone.has(item.scheduleId));
      const stored = await deps.db.transaction().execute(async (trx) => {
        const marked = await markDone(
          trx,
          kind.table,
          found.map((item) => ({
            scheduleId: item.scheduleId,
            nextDueAt: kind.nextDueAt(item, read, now, deps.intervalMs),
          })),
          { now, claimedAt: pass.claimedAt },
        );
        const mine = found.filter((item) => marked.has(item.scheduleId));
        if (mine.length > 0) await kind.store(trx, mine, read);
        return mine;
      });
      report.stored += stored.length;
      if (missing.items.length > 0) {
        await markItemsFailed(
          missing.items,
          missing.reason,
          (failures) => new Date(now.getTime() + retryDelayMs(failures, retry)),
        );
      }
      if (stored.length > 0) void kind.onStored?.(stored, read);
    },
    retry,
    // Any other failure goes on the batch's rows, each with its own back-off; the last good snapshots stay.
    backOff: (batch, failure) =>
      markItemsFailed(batch, describeFailure(failure.error), (failures) => failure.nextTryAt(failures, now)),
  };
}

const emptyReport = (): RoundReport => ({ claimed: 0, stored: 0, failed: 0, batches: 0 });

/**
 * One round in this process (SQLite, or a test): claim, then each batch read and stored, the claimed rows
 * held (their lease renewed) while it works, so a process killed mid-round leaves them to others within a
 * minute.
 */
export async function runRound<Item extends ScheduledItem, Read>(
  kind: RoundKind<Item, Read>,
  deps: RoundDeps,
): Promise<RoundReport> {
  const now = clockOf(deps)();
  const report = emptyReport();
  const pass = {
    now,
    claimedAt: now,
    claim: () => claimBatches(kind, deps, now, heldLeaseMs),
    hold: (batches: Item[][]) =>
      holdRows(
        deps.db,
        kind.table,
        batches.flat().map((item) => item.scheduleId),
        leaseFrom(now, heldLeaseMs),
        { leaseMs: heldLeaseMs, now: clockOf(deps) },
      ),
  };
  const work = await runWork(roundWork(kind, deps, pass, report));
  return { ...report, batches: work.performed };
}

/** A queued batch's step on a worker: the items of its rows still to run, through the same stages. */
export async function runQueuedBatch<Item extends ScheduledItem, Read>(
  kind: RoundKind<Item, Read>,
  deps: RoundDeps,
  job: { scheduleIds: number[]; claimedAt: Date },
): Promise<RoundReport & { alreadyDone: number }> {
  const report = emptyReport();
  const pass = {
    now: clockOf(deps)(),
    claimedAt: job.claimedAt,
    // The tick claimed the rows; those a first copy of this job already ran are left out.
    claim: async () => {
      const items = await kind.loadClaimed(deps.db, job.scheduleIds, job.claimedAt);
      return items.length > 0 ? [items] : [];
    },
  };
  const work = await runWork(roundWork(kind, deps, pass, report));
  return { ...report, batches: work.performed, alreadyDone: job.scheduleIds.length - report.claimed };
}
