import type { FarmIndexQuery } from '@tidewatch/shared';
import type { DiscoveryContext, DiscoveryDeps } from './context.ts';
import { findMyFarms } from './farms-of-wallet.ts';
import { leftInEndedFarms } from './left-in-ended-farms.ts';
import { listIndex } from './list-index.ts';
import { trackDiscovered } from './track-discovered.ts';

export type DiscoveryService = ReturnType<typeof createDiscoveryService>;

/** Discovery (issue 14): the farm index, find my farms, and tracking what was found; one file per use case. */
export function createDiscoveryService(deps: DiscoveryDeps) {
  const ctx: DiscoveryContext = { ...deps, now: deps.now ?? (() => new Date()) };
  return {
    listIndex: (query: FarmIndexQuery, userId: number | null = null) => listIndex(ctx, query, userId),
    findMyFarms: (userId: number, wallet: string) => findMyFarms(ctx, userId, wallet),
    trackDiscovered: (userId: number, input: { wallet_address: string; farm_addresses: string[] }) =>
      trackDiscovered(ctx, userId, input),
    leftInEndedFarms: (userId: number) => leftInEndedFarms(ctx, userId),
  };
}
