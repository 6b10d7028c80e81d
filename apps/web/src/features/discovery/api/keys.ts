import type { FarmIndexFilters } from './discovery.ts';

/** The discovery feature's query keys: pages of the farm index by their filters. */
export const discoveryKeys = {
  all: ['farm-index'] as const,
  index: (filters: FarmIndexFilters) => [...discoveryKeys.all, filters] as const,
  leftInEndedFarms: () => [...discoveryKeys.all, 'left-in-ended-farms'] as const,
};
