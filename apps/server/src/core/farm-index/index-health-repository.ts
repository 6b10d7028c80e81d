import type { Health } from '@tidewatch/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../db/index.ts';
import type { FailedSource, Rejection } from './index-refresh.ts';

/** The reason without its addresses, so refusals of one kind count together. */
const reasonKind = (reason: string) =>
  reason.replace(/0x[0-9a-fA-F]{4}…[0-9a-fA-F]{4}|0x[0-9a-fA-F]{40}/g, '0x…');

/**
 * The health check's view of the farm index: the last completed refresh, its refusals by reason, and each
 * source that failed with since when (the first of the latest unbroken run of refreshes it failed in).
 */
export async function readFarmIndexHealth(db: Kysely<Database>): Promise<Health['farm_index']> {
  // The refusal lists are large (one entry per refused candidate): only the last run's is read.
  const runs = await db
    .selectFrom('farm_index_runs')
    .select(['id', 'finished_at', 'farm_count', 'rejected', 'failed_sources'])
    .where('finished_at', 'is not', null)
    .orderBy('id', 'desc')
    .limit(30)
    .execute();
  const last = runs[0];
  if (!last?.finished_at) return undefined;
  const { rejections: stored } = await db
    .selectFrom('farm_index_runs')
    .select('rejections')
    .where('id', '=', last.id)
    .executeTakeFirstOrThrow();
  const rejections = JSON.parse(stored ?? '[]') as Rejection[];
  const byReason: Record<string, number> = {};
  for (const r of rejections) byReason[reasonKind(r.reason)] = (byReason[reasonKind(r.reason)] ?? 0) + 1;
  const failedIn = runs.map((run) => JSON.parse(run.failed_sources ?? '[]') as FailedSource[]);
  const failed = failedIn[0]!.map((source) => {
    let since = last.finished_at!;
    for (let i = 0; i < runs.length && failedIn[i]!.some((f) => f.source === source.source); i++) {
      since = runs[i]!.finished_at!;
    }
    return { ...source, since };
  });
  return {
    refreshed_at: last.finished_at,
    farms: last.farm_count ?? 0,
    rejected: last.rejected ?? rejections.length,
    rejected_by_reason: byReason,
    failed_sources: failed,
  };
}
