import type { FarmKind } from '@tidewatch/shared/farm-kinds';
import { queryKeyRoots } from '../../../lib/query-key-roots.ts';

const lowerOrNull = (address: string | undefined) => address?.toLowerCase() ?? null;

/**
 * Every query key of the farms feature (TkDodo's key-factory pattern). Everything under `all` changes when a
 * farm is tracked, untracked or snapshotted, so those invalidate `all`; the LP tools tree lives under it too
 * (lp-tools/api/keys.ts) because it lists the tracked farms.
 */
export const farmKeys = {
  all: queryKeyRoots.farms,
  kind: (kind: FarmKind) => [...farmKeys.all, kind] as const,
  /** 'All Quickswap Farms': every imported farm of a kind, with `account`'s position. */
  imported: (kind: FarmKind, account: string | undefined) =>
    [...farmKeys.kind(kind), 'imported', lowerOrNull(account)] as const,
  tracked: (kind: FarmKind, account: string | undefined) =>
    [...farmKeys.kind(kind), 'tracked', lowerOrNull(account)] as const,
  trackedSummary: () => queryKeyRoots.trackedSummary,
  portfolio: () => queryKeyRoots.portfolio,
  details: () => [...farmKeys.all, 'detail'] as const,
  detail: (farmAddress: string, account: string | undefined) =>
    [...farmKeys.details(), farmAddress.toLowerCase(), lowerOrNull(account)] as const,
  /**
   * A farm's token price choices (GET .../price-choices). Outside `all`: a snapshot round need not ask
   * CoinMarketCap again; saving a choice invalidates it with the farm's figures.
   */
  priceChoices: (farmAddress: string) => ['farm-price-choices', farmAddress.toLowerCase()] as const,
  /** A mutation key: the running refresh of one (farm, account), whichever card started it. */
  refresh: (farmAddress: string, account: string | undefined) =>
    ['farm-refresh', farmAddress.toLowerCase(), lowerOrNull(account)] as const,
};
