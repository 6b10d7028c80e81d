import type { FarmKind } from '@tidewatch/shared';
import type { FarmsContext, FarmsServiceDeps } from './context.ts';
import { exportPositionsCsv } from './export-positions-csv.ts';
import { getFarmDetail } from './farm-detail.ts';
import { listFarms } from './list-farms.ts';
import { getTools } from './lp-tools.ts';
import { getPortfolio } from './portfolio.ts';
import { refreshPosition } from './refresh-position.ts';
import { createTokenSnapshots } from './token-snapshots.ts';
import { trackFarm } from './track-farm.ts';
import { getTrackedSummary, listTracked } from './tracked-farms.ts';
import { untrackFarm } from './untrack-farm.ts';

export type FarmsService = ReturnType<typeof createFarmsService>;

/** The farms feature's operations, one per endpoint, each a use case of its own file; framework-free. */
export function createFarmsService(deps: FarmsServiceDeps) {
  const ctx: FarmsContext = { ...deps, now: deps.now ?? (() => new Date()) };
  return {
    listFarms: <K extends FarmKind>(kind: K, account?: string, viewerId?: number | null) =>
      listFarms(ctx, kind, account, viewerId),
    trackFarm: <K extends FarmKind>(kind: K, userId: number, input: Parameters<typeof trackFarm>[3]) =>
      trackFarm(ctx, kind, userId, input),
    listTracked: <K extends FarmKind>(kind: K, userId: number, wallet?: string) =>
      listTracked(ctx, kind, userId, wallet),
    refreshFarm: <K extends FarmKind>(kind: K, userId: number, farmAddress: string, account: string) =>
      refreshPosition(ctx, kind, userId, farmAddress, account),
    getFarmDetail: (address: string, account?: { address: string; userId: number }) =>
      getFarmDetail(ctx, address, account),
    getPositionsCsv: (address: string, account: { address: string; userId: number }) =>
      exportPositionsCsv(ctx, address, account),
    createTokenSnapshots: () => createTokenSnapshots(ctx),
    getTools: () => getTools(ctx),
    getTrackedSummary: (userId: number) => getTrackedSummary(ctx, userId),
    getPortfolio: (userId: number) => getPortfolio(ctx, userId),
    untrackFarm: (userId: number, farmAddress: string, wallet: string, deleteHistory: boolean) =>
      untrackFarm(ctx, userId, farmAddress, wallet, deleteHistory),
  };
}
