import { queryKeyRoots } from '../../../lib/query-key-roots.ts';
import type { FarmIndexFilters } from './discovery.ts';

/** The discovery feature's query keys: pages of the farm index by their filters. */
export const discoveryKeys = {
  all: queryKeyRoots.farmIndex,
  index: (filters: FarmIndexFilters) => [...discoveryKeys.all, filters] as const,
  leftInEndedFarms: () => queryKeyRoots.leftInEndedFarms,
};
