import { type BackoffPolicy, retryDelayMs } from './backoff.ts';
import type { RowHold } from './lease-repository.ts';

/**
 * The one engine of scheduled work (issue 44, Build 1, decision 036). Every schedule is a kind of work run
 * through the same stages, and the kind is the engine's only parameter:
 *   1. claim    the due units, each taken under a lease: all at once (a round's schedule rows, in one
 *               transaction), or listed, then taken one at a time just before its work (`take`), so that a
 *               unit waiting its turn is free for another process meanwhile;
 *   2. perform  a unit's work: a batch read at one block, an SMTP send, a receiver's POST, a long poll;
 *   3. split    on a failure that divides (a batch's revert), the unit in smaller parts, each run again;
 *   4. record   what was done stored, the lease released (a failure here is the unit's failure too);
 *   5. back off the failure recorded with its next try: after the kind's back-off, or at the time the
 *               failure names itself (RetryLaterError: a receiver's Retry-After).
 * Around them: the claims held while the pass works (`hold`); a limit of units in flight at once, the units
 * of one lane (one channel's deliveries) in order, one at a time; a stop signal, after which nothing more is
 * taken while the units in flight finish.
 */
export type WorkKind<Unit, Done, Due = Unit> = {
  /** Stage 1: the units due now, in the order they are to run (taken under a lease, or to be taken). */
  claim(): Promise<Due[]>;
  /** Stage 1, one at a time: the unit taken just before its work (alreadyTaken when the claim took them). */
  take(due: Due): Promise<Taken<Unit>>;
  /** Keeps the claimed units' leases while the pass works (holdRows), let go at its end. */
  hold?(claimed: Due[]): RowHold;
  /** Units of one lane run one after another, in their order; without it each unit is a lane of its own. */
  laneOf?(due: Due): number | string;
  /** Stage 2: the unit's work. Throws when it fails. */
  perform(unit: Unit): Promise<Done>;
  /** Stage 3: on a failure that divides, the unit's parts (more than one), each run from stage 2. */
  split?(unit: Unit, error: unknown): Unit[];
  /** Stage 4: stores what was done and releases the unit's lease. */
  record(unit: Unit, done: Done): Promise<void>;
  /** The kind's back-off (retryDelayMs); without one a failure is tried again at the next pass. */
  retry?: BackoffPolicy;
  /**
   * Stage 5: records the failure with its next try (failure.nextTryAt). A failure that is not the unit's (the
   * database's own, while recording) it may throw on to the caller.
   */
  backOff(unit: Unit, failure: Failure): Promise<void>;
  /** Lets go of what `take` held besides the unit's lease (a channel's sending hold), however it went. */
  release?(unit: Unit): Promise<void>;
};

/**
 * What `take` found: the unit, now this pass's; skipped (another process has it, or there is nothing to do,
 * such as e-mails to a user who wants none); or its lane held (the channel rate-limited or busy: the lane's
 * other units wait for a later pass).
 */
export type Taken<Unit> = { status: 'taken'; unit: Unit } | { status: 'skipped' } | { status: 'lane-held' };

/** A failure as stage 5 sees it. */
export type Failure = {
  error: unknown;
  /** When to try again after `failures` failures in a row, counted from `from`. */
  nextTryAt(failures: number, from: Date): Date;
};

export type WorkOptions = {
  /** Lanes in flight at once (default 1: one unit at a time, in order). */
  concurrency?: number;
  /** Once aborted no unit is taken; the units in flight finish and are recorded. */
  stopSignal?: AbortSignal;
};

/** What a pass did, in units (a kind counts its own items where a unit holds several). */
export type WorkReport = { claimed: number; performed: number; recorded: number; failed: number };

/**
 * A unit's work that did not go through and is worth another try at a time the other side named (a 429's
 * Retry-After); stage 5's next try is then that time, whatever the kind's back-off says.
 */
export class RetryLaterError extends Error {
  constructor(
    message: string,
    readonly retryAt: Date | undefined,
  ) {
    super(message);
    this.name = 'RetryLaterError';
  }
}

/** `take` for a kind whose claim took its units already (under one lease, in one transaction). */
export const alreadyTaken = async <Unit>(unit: Unit): Promise<Taken<Unit>> => ({ status: 'taken', unit });

/** When a unit that failed with `error` is tried again: at the time it names, else after the back-off. */
function nextTryAtOf(error: unknown, policy: BackoffPolicy | undefined) {
  return (failures: number, from: Date): Date => {
    if (error instanceof RetryLaterError && error.retryAt) return error.retryAt;
    return new Date(from.getTime() + (policy ? retryDelayMs(failures, policy) : 0));
  };
}

/**
 * One pass of a kind of work: claim, then each unit taken, performed, split on a failure that divides,
 * recorded, or backed off. Throws only what a kind's stages throw on (the database failing while claiming or
 * recording); the units still in flight in other lanes then finish on their own.
 * @example const report = await runWork(alertEmails(deps));
 */
export async function runWork<Unit, Done, Due>(
  kind: WorkKind<Unit, Done, Due>,
  options: WorkOptions = {},
): Promise<WorkReport> {
  const claimed = await kind.claim();
  const report: WorkReport = { claimed: claimed.length, performed: 0, recorded: 0, failed: 0 };
  if (claimed.length === 0) return report;
  const hold = kind.hold?.(claimed);
  try {
    await eachLane(lanesOf(claimed, kind.laneOf), options.concurrency ?? 1, async (due) => {
      if (options.stopSignal?.aborted) return 'lane-ends';
      const taken = await kind.take(due);
      if (taken.status === 'lane-held') return 'lane-ends';
      if (taken.status === 'skipped') return 'next';
      try {
        await runUnit(kind, taken.unit, report);
      } finally {
        await kind.release?.(taken.unit);
      }
      return 'next';
    });
  } finally {
    await hold?.release();
  }
  return report;
}

/** Stages 2–5 for one taken unit (and, on a failure that divides, for each of its parts). */
async function runUnit<Unit, Done, Due>(
  kind: WorkKind<Unit, Done, Due>,
  unit: Unit,
  report: WorkReport,
): Promise<void> {
  report.performed += 1;
  try {
    const done = await kind.perform(unit);
    await kind.record(unit, done);
    report.recorded += 1;
  } catch (error) {
    const parts = kind.split?.(unit, error) ?? [];
    if (parts.length > 1) {
      for (const part of parts) await runUnit(kind, part, report);
      return;
    }
    report.failed += 1;
    await kind.backOff(unit, { error, nextTryAt: nextTryAtOf(error, kind.retry) });
  }
}

/** The claimed units by lane, each lane in the claim's order (a lane's place is its first unit's). */
function lanesOf<Due>(claimed: Due[], laneOf: ((due: Due) => number | string) | undefined): Due[][] {
  if (!laneOf) return claimed.map((due) => [due]);
  const lanes = new Map<number | string, Due[]>();
  for (const due of claimed) {
    const key = laneOf(due);
    const lane = lanes.get(key);
    if (lane) lane.push(due);
    else lanes.set(key, [due]);
  }
  return [...lanes.values()];
}

/** Runs the lanes, at most `limit` at once, each unit after the one before; a lane ends early when told. */
async function eachLane<Due>(
  lanes: Due[][],
  limit: number,
  runOne: (due: Due) => Promise<'next' | 'lane-ends'>,
): Promise<void> {
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, lanes.length) }, async () => {
    while (next < lanes.length) {
      const lane = lanes[next++]!;
      for (const due of lane) if ((await runOne(due)) === 'lane-ends') break;
    }
  });
  await Promise.all(workers);
}
