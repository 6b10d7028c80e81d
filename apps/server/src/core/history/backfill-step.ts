import type { Kysely } from 'kysely';
import type { ChainClient } from '../chain/client.ts';
import { type FinalityRule, finalStamp, type HashedBlockStamp } from '../chain/finality.ts';
import type { Database } from '../db/index.ts';
import { heldLeaseMs, holdRows, leaseFrom } from '../jobs/lease-repository.ts';
import { alreadyTaken, type Failure, runWork } from '../jobs/work-engine.ts';
import { type BackfillTable, reconcileBackfillRows, updateBackfillRow } from './backfill-rows-repository.ts';
import { dropReorganisedScan, type ScannedJob, type ScanPlace } from './reorg-rewind.ts';

/** What the step needs of every history job: its row, its failures in a row, and its scan. */
type BackfillJob = ScannedJob & { id: number; failures: number };

/**
 * A kind of history job (decision 013): the V2 pairs' (core/history/backfill.ts) and the V3 positions'
 * (features/v3-positions/history). Its table, how one due job is claimed with what it needs, where its scan is
 * kept (the reorg check is the step's), and its stages up to the last final block, which answer whether the job
 * is caught up.
 */
export type BackfillKind<Job extends BackfillJob> = {
  table: BackfillTable;
  claim(db: Kysely<Database>, options: { now: Date; leaseMs: number }): Promise<Job | undefined>;
  /** Where the job's scan is kept, for the reorganisation check (reorg-rewind.ts dropReorganisedScan). */
  scanPlace(job: Job): ScanPlace<Job>;
  /** The job's stages, each saving its progress; false when its budget ran out first. */
  run(job: Job, now: Date, final: HashedBlockStamp): Promise<boolean>;
};

export type BackfillStepDeps = {
  db: Kysely<Database>;
  chain: ChainClient;
  /**
   * FINALITY / FINALITY_DEPTH: events are read up to the last final block. The worker passes the configured
   * rule; without one (tests driving the job directly) the head counts as final.
   */
  finality?: FinalityRule;
  /** BACKFILL_DAYS: 0 turns the job off. */
  backfillDays: number;
  /** How often a caught-up job's new events are read (SNAPSHOT_INTERVAL). */
  intervalMs: number;
  now?: () => Date;
};

/** Reads up to the head: the rule when a caller passes none. */
const headIsFinal: FinalityRule = { finality: 'depth', depth: 0 };

export const archiveNeeded = 'history before tracking needs an archive node';
const dayMs = 86_400_000;
/** Answers of a node that has pruned the state of old blocks (geth, erigon, bor, hosted RPCs). */
const prunedState =
  /missing trie node|state.*(not available|pruned|unavailable)|header not found|archive|historical state/i;

function messageChain(error: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    parts.push(
      e.message,
      (e as { details?: string }).details ?? '',
      (e as { logDetail?: string }).logDetail ?? '',
    );
  }
  return parts.join(' ');
}

/** The node pruned the state of the block read (no archive): the history jobs say so per position. */
const isArchiveMissing = (error: unknown) => prunedState.test(messageChain(error));

function oneLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0]!.slice(0, 300);
}

/**
 * How a history job's row ends a run that went through: released, and due again at once while work is left,
 * or after an interval once caught up.
 */
function finishedRun(now: Date, isDone: boolean, intervalMs: number) {
  return {
    status: isDone ? ('done' as const) : ('running' as const),
    lease_until: null,
    failures: 0,
    error: null,
    next_attempt_at: new Date(now.getTime() + (isDone ? intervalMs : 0)).toISOString(),
  };
}

/**
 * How a history job's row ends a run that failed: 'unavailable' when the node has no archive state for the
 * blocks it needs, else 'failed' with the error's first line; tried again after its back-off.
 */
function failedRun(now: Date, failure: Failure, failuresBefore: number) {
  const isUnavailable = isArchiveMissing(failure.error);
  const failures = failuresBefore + 1;
  return {
    status: isUnavailable ? ('unavailable' as const) : ('failed' as const),
    lease_until: null,
    failures,
    error: isUnavailable ? archiveNeeded : oneLine(failure.error),
    next_attempt_at: failure.nextTryAt(failures, now).toISOString(),
  };
}

/**
 * One step of a history job, through the work engine (core/jobs/work-engine.ts) with one job as the unit: the
 * table kept in step with what is tracked, one due job claimed (of several processes, one wins it) and held
 * while it runs → its reorg check, then its stages up to the last final block (each saves its progress, so a
 * killed process resumes where it stopped) → its row released, due again at once or after an interval → or,
 * on a failure, backed off (1 min doubling, at most a day). Answers whether there was a job to do.
 * @example const hadJob = await runBackfillStep(pairHistory(deps), deps);
 */
export async function runBackfillStep<Job extends BackfillJob>(
  kind: BackfillKind<Job>,
  deps: BackfillStepDeps,
): Promise<boolean> {
  const clock = deps.now ?? (() => new Date());
  const now = clock();
  const isOff = deps.backfillDays === 0;
  const report = await runWork<Job, boolean, Job>({
    claim: async () => {
      await reconcileBackfillRows(deps.db, kind.table, now, isOff);
      if (isOff) return [];
      const job = await kind.claim(deps.db, { now, leaseMs: heldLeaseMs });
      return job ? [job] : [];
    },
    take: alreadyTaken,
    // Held while the run works; a process killed mid-run leaves the job to the others within a minute.
    hold: (jobs) =>
      holdRows(
        deps.db,
        kind.table,
        jobs.map((job) => job.id),
        leaseFrom(now, heldLeaseMs),
        { leaseMs: heldLeaseMs, now: clock },
      ),
    perform: async (job) => {
      await dropReorganisedScan(deps, job, kind.scanPlace(job), now);
      return kind.run(job, now, await finalStamp(deps.chain, deps.finality ?? headIsFinal));
    },
    record: (job, isDone) =>
      updateBackfillRow(deps.db, kind.table, job.id, now, finishedRun(now, isDone, deps.intervalMs)),
    retry: { firstMs: 60_000, maxMs: dayMs },
    backOff: (job, failure) =>
      updateBackfillRow(deps.db, kind.table, job.id, now, failedRun(now, failure, job.failures)),
  });
  return report.claimed > 0;
}
