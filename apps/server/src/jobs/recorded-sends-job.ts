import { findWalletsWithUnsettledSends } from '../core/books/fees-repository.ts';
import { type RecordedFinalityDeps, settleRecordedSends } from '../core/books/recorded-finality.ts';
import { claimJobRun } from '../core/jobs/job-runs-repository.ts';
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
 * The worker's job that settles the sends users recorded through the recovery plan (issue 35): at most once
 * every `everyMs` across processes (its job_runs row, taken by one conditional update), each wallet with a
 * send not checked final yet has its sends read again against the final block (settleRecordedSends: their
 * gas, and what they did from their receipts' logs), so the ledger's GETs read stored rows only. Answers how
 * many wallets it settled, or null when not due here.
 */
export async function settleRecordedSendsWhenDue(
  deps: RecordedFinalityDeps,
  now: Date,
): Promise<number | null> {
  if (!(await claimJobRun(deps.db, jobName, now, everyMs))) return null;
  const wallets = await findWalletsWithUnsettledSends(deps.db, deps.chainId, walletsPerRun);
  for (const wallet of wallets) await settleRecordedSends(deps, wallet, now);
  return wallets.length;
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
