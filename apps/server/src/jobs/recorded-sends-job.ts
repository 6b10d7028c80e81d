import { claimRows } from '../core/jobs/lease.ts';
import { findWalletsWithUnsettledSends } from '../core/ledger/fees-repository.ts';
import { type RecordedFinalityDeps, settleRecordedSends } from '../core/ledger/recorded-finality.ts';

const jobName = 'recorded-sends';
/** How often, across processes, the sends recorded through the recovery plan are checked final. */
const everyMs = 30_000;
/** Wallets settled per run: a run's chain reads stay bounded; the rest wait for the next run. */
const walletsPerRun = 20;

/**
 * The worker's job that settles the sends users recorded through the recovery plan (issue 35): at most once
 * every `everyMs` across processes (its job_runs row, taken by one conditional update), each wallet with a
 * send not checked final yet has its sends read again against the final block (settleRecordedSends), so the
 * ledger's GETs read stored rows only. Answers how many wallets it settled, or null when not due here.
 */
export async function settleRecordedSendsWhenDue(
  deps: RecordedFinalityDeps,
  now: Date,
): Promise<number | null> {
  await deps.db
    .insertInto('job_runs')
    .values({ name: jobName, last_run_at: new Date(0).toISOString() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const lease = { freeAt: new Date(now.getTime() - everyMs).toISOString(), value: now.toISOString() };
  if ((await claimRows(deps.db, 'job_runs', [jobName], lease)).length === 0) return null;
  const wallets = await findWalletsWithUnsettledSends(deps.db, deps.chainId, walletsPerRun);
  for (const wallet of wallets) await settleRecordedSends(deps, wallet, now);
  return wallets.length;
}
