import { findWalletsWithUnsettledSends } from '../core/books/fees-repository.ts';
import { type RecordedFinalityDeps, settleRecordedSends } from '../core/books/recorded-finality.ts';
import { claimJobRun } from '../core/jobs/job-runs-repository.ts';
import { alreadyTaken, runWork, type WorkKind } from '../core/jobs/work-engine.ts';
import { type Scheduler, startTicker } from './scheduler.ts';

const jobName = 'recorded-sends';
/** How often, across processes, the sends recorded through the recovery plan are checked final. */
const everyMs = 30_000;
/**
 * How often a process looks whether the check is due: with `everyMs`, a send is in the books within about
 * 40 s of its block turning final, whatever SNAPSHOT_INTERVAL is (the snapshot ticks may be an hour apart).
 */
const tickMs = 10_000;
/** Wallets settled per run: a run's chain reads stay bounded; the rest wait for the next run. */
const walletsPerRun = 20;

/**
 * The recorded sends' check as a kind of the work engine, its unit a wallet with a send not yet final:
 * claimed by the check's job_runs row (taken by one conditional update: at most once every `everyMs` across
 * processes; `isDue` says whether this process won it) → its sends read again against the final block
 * (settleRecordedSends: their gas, and what they did from their receipts' logs, each stored as it is read).
 * A wallet that cannot be settled now (the chain away) ends the run and is the caller's to report: the row
 * holds the check for `everyMs`, so the next run is its next try.
 */
function recordedSendsCheck(
  deps: RecordedFinalityDeps,
  now: Date,
  claim: { isDue: boolean },
): WorkKind<string, void> {
  return {
    claim: async () => {
      claim.isDue = await claimJobRun(deps.db, jobName, now, everyMs);
      return claim.isDue ? findWalletsWithUnsettledSends(deps.db, deps.chainId, walletsPerRun) : [];
    },
    take: alreadyTaken,
    perform: (wallet) => settleRecordedSends(deps, wallet, now),
    // Each send's rows were stored as it was settled.
    record: async () => {},
    backOff: async (_wallet, failure) => {
      throw failure.error;
    },
  };
}

/**
 * The worker's job that settles the sends users recorded through the recovery plan (issue 35), so the
 * ledger's GETs read stored rows only (recordedSendsCheck). Answers how many wallets it settled, or null when
 * not due here.
 */
export async function settleRecordedSendsWhenDue(
  deps: RecordedFinalityDeps,
  now: Date,
): Promise<number | null> {
  const claim = { isDue: false };
  const report = await runWork(recordedSendsCheck(deps, now, claim));
  return claim.isDue ? report.claimed : null;
}

/**
 * The recorded sends' own timer in a process that runs jobs (issue 42): a tick every `tickMs` (or
 * `options.tickMs`), apart from the snapshot scheduler, so a recovery send reaches the books within a minute
 * of its block turning final. stop() ends it once a tick in flight ends.
 */
export function startRecordedSendsJob(
  deps: RecordedFinalityDeps,
  options: { tickMs?: number; logWarn: (object: object, message: string) => void },
): Scheduler {
  return startTicker({
    tickMs: options.tickMs ?? tickMs,
    run: () => settleRecordedSendsWhenDue(deps, new Date()),
    onError: (error) =>
      options.logWarn({ err: error }, 'recorded sends: checking them final failed; the next tick retries'),
  });
}
