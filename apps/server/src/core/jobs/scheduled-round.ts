import { AppError } from '@tidewatch/shared';
import type { Kysely } from 'kysely';
import { ReadFailedError } from '../chain/errors.ts';
import type { Database, DbOrTrx } from '../db/index.ts';
import { retryDelayMs } from './backoff.ts';
import { heldLeaseMs, holdRows, leaseFrom } from './lease-repository.ts';
import {
  claimDue,
  markDone,
  markFailed,
  type ScheduledItem,
  type ScheduleTable,
} from './schedule-rows-repository.ts';

/**
 * The one engine of scheduled rounds (issue 44, Build 1): claim what is due under a lease → cut it into batches
 * → read each batch in one go at one block → split a batch on a revert → store it with its schedule rows in one
 * transaction → back off on failure. A kind of work is its only parameter: what it follows (its schedule table
 * and how a due row is read), how a batch is read and stored, and when an item is due again. V2 farm stakes and
 * V3 positions are two kinds of it (jobs/snapshot-run.ts, features/v3-positions/schedule/snapshot-round.ts); on PostgreSQL the batches
 * ride on pg-boss (jobs/snapshot-queue.ts), through the same batch step.
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
  /** Stage 1 (plan): claimed items into batches, each read at one block. */
  batch(items: Item[]): Item[][];
  /** Stage 2: one batch, read at one block. Throws ReadFailedError when a read reverts. */
  read(batch: Item[], now: Date): Promise<Read>;
  /** On a revert: the batch in smaller parts, so one broken item does not hold back the others. */
  split(batch: Item[]): Item[][];
  /** Items the read found gone for good, with why (they are marked failed, with a back-off). */
  missing?(read: Read, batch: Item[]): { items: Item[]; reason: string };
  /** Stage 3: stores what was read of `mine` (the items whose rows this run marked), in the transaction. */
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
const backoffMs = (failures: number, intervalMs: number) =>
  retryDelayMs(failures, { firstMs: 15_000, maxMs: intervalMs });

/** One line for the card and the health report: the error's own short message, never a stack. */
function describeFailure(error: unknown): string {
  if (error instanceof AppError) return error.message;
  return 'the automatic snapshot failed unexpectedly';
}

const clockOf = (deps: RoundDeps) => deps.now ?? (() => new Date());

/** Stage 1 (plan): reconcile the schedule, claim every due item under a lease, cut them into batches. */
export async function planRound<Item extends ScheduledItem, Read>(
  kind: RoundKind<Item, Read>,
  deps: RoundDeps,
  options: { leaseMs?: number } = {},
): Promise<{ now: Date; batches: Item[][] }> {
  const now = clockOf(deps)();
  await kind.reconcile(deps.db, now, deps.intervalMs);
  const claimed = await claimDue(
    deps.db,
    kind.table,
    {
      now,
      leaseMs: options.leaseMs ?? queuedLeaseMs,
      limit: maxItemsPerRound,
      isPostgres: deps.isPostgres,
    },
    kind.selectDue,
  );
  return { now, batches: kind.batch(claimed) };
}

/**
 * One round in this process (SQLite, or a test): plan, then each batch read and stored, the claimed rows held
 * (their lease renewed) while it works, so a process killed mid-round leaves them to others within a minute.
 */
export async function runRound<Item extends ScheduledItem, Read>(
  kind: RoundKind<Item, Read>,
  deps: RoundDeps,
): Promise<RoundReport> {
  const { now, batches } = await planRound(kind, deps, { leaseMs: heldLeaseMs });
  const report: RoundReport = { claimed: batches.flat().length, stored: 0, failed: 0, batches: 0 };
  const hold = holdRows(
    deps.db,
    kind.table,
    batches.flat().map((item) => item.scheduleId),
    leaseFrom(now, heldLeaseMs),
    { leaseMs: heldLeaseMs, now: clockOf(deps) },
  );
  try {
    for (const batch of batches) await runBatch(kind, deps, batch, { now, claimedAt: now }, report);
  } finally {
    await hold.release();
  }
  return report;
}

/**
 * Stages 2–4 for one batch: read it at one block, then mark its rows and store what was read in one
 * transaction. The rows are marked first, guarded by the claim: a second copy of a batch (a queue job handed on
 * while its first worker still finished) finds them run and writes nothing. A revert splits the batch; any
 * other failure is recorded on its rows with a back-off and the last good snapshots kept. Throws only when the
 * database fails.
 */
async function runBatch<Item extends ScheduledItem, Read>(
  kind: RoundKind<Item, Read>,
  deps: RoundDeps,
  batch: Item[],
  at: { now: Date; claimedAt: Date },
  report: RoundReport,
): Promise<void> {
  const { now } = at;
  report.batches += 1;
  const fail = async (failed: Item[], reason: string) => {
    report.failed += failed.length;
    await markFailed(
      deps.db,
      kind.table,
      failed.map((item) => ({
        scheduleId: item.scheduleId,
        failures: item.failures,
        nextDueAt: new Date(now.getTime() + backoffMs(item.failures, deps.intervalMs)),
      })),
      reason,
      now,
    );
  };
  try {
    const read = await kind.read(batch, now);
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
        at,
      );
      const mine = found.filter((item) => marked.has(item.scheduleId));
      if (mine.length > 0) await kind.store(trx, mine, read);
      return mine;
    });
    report.stored += stored.length;
    if (missing.items.length > 0) await fail(missing.items, missing.reason);
    if (stored.length > 0) void kind.onStored?.(stored, read);
  } catch (error) {
    const parts = error instanceof ReadFailedError ? kind.split(batch) : [];
    if (parts.length > 1) {
      for (const part of parts) await runBatch(kind, deps, part, at, report);
      return;
    }
    await fail(batch, describeFailure(error));
  }
}

/** A queued batch's step on a worker: the items of its rows still to run, through the batch step. */
export async function runQueuedBatch<Item extends ScheduledItem, Read>(
  kind: RoundKind<Item, Read>,
  deps: RoundDeps,
  job: { scheduleIds: number[]; claimedAt: Date },
): Promise<RoundReport & { alreadyDone: number }> {
  const items = await kind.loadClaimed(deps.db, job.scheduleIds, job.claimedAt);
  const report: RoundReport = { claimed: items.length, stored: 0, failed: 0, batches: 0 };
  if (items.length > 0) {
    await runBatch(kind, deps, items, { now: clockOf(deps)(), claimedAt: job.claimedAt }, report);
  }
  return { ...report, alreadyDone: job.scheduleIds.length - items.length };
}
