import { exportV3HistoryCsv } from './export-history-csv.ts';
import { listTrackedV3Positions } from './list-tracked-positions.ts';
import { getV3PositionHistory } from './position-history.ts';
import { refreshTrackedV3Position } from './refresh-tracked-position.ts';
import { trackV3Position } from './track-position.ts';
import type { V3TrackingContext, V3TrackingDeps } from './tracking-context.ts';
import { untrackV3Position } from './untrack-position.ts';

export type V3TrackingService = ReturnType<typeof createV3TrackingService>;

/** Tracking V3 positions (issue 34, item 5): one operation per endpoint, each a use case of its own file. */
export function createV3TrackingService(deps: V3TrackingDeps) {
  const ctx: V3TrackingContext = { ...deps, now: deps.now ?? (() => new Date()) };
  return {
    track: (userId: number, input: { token_id: string; wallet_address: string }) =>
      trackV3Position(ctx, userId, input),
    listTracked: (userId: number) => listTrackedV3Positions(ctx, userId),
    untrack: (userId: number, trackedId: number) => untrackV3Position(ctx, userId, trackedId),
    refresh: (userId: number, tokenId: string, wallet: string) =>
      refreshTrackedV3Position(ctx, userId, tokenId, wallet),
    getHistory: (userId: number, tokenId: string, wallet: string) =>
      getV3PositionHistory(ctx, userId, tokenId, wallet),
    getHistoryCsv: (userId: number, tokenId: string, wallet: string) =>
      exportV3HistoryCsv(ctx, userId, tokenId, wallet),
  };
}
