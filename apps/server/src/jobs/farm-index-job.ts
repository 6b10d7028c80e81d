import {
  type IndexRefreshDeps,
  type IndexRefreshReport,
  refreshFarmIndex,
} from '../core/farm-index/index-refresh.ts';
import { claimDailyJob, retryDailyJob } from '../core/jobs/job-runs-repository.ts';

const retryAfterFailureMs = 10 * 60_000;

/**
 * Refreshes the farm index once a day across processes (and at once when it was never built). A failed
 * refresh keeps the last index and is tried again ten minutes later.
 */
export async function refreshFarmIndexWhenDue(deps: IndexRefreshDeps): Promise<IndexRefreshReport | null> {
  if (deps.factories.lp.length + deps.factories.dual.length + deps.registry.length === 0) return null;
  const now = (deps.now ?? (() => new Date()))();
  if (!(await claimDailyJob(deps.db, 'farm-index', now))) return null;
  try {
    return await refreshFarmIndex(deps);
  } catch (error) {
    await retryDailyJob(deps.db, 'farm-index', now, retryAfterFailureMs);
    throw error;
  }
}
