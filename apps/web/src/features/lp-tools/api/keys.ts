import { farmKeys } from '../../farms/api/keys.ts';

/**
 * The LP tools feature's query keys. The tree lists the tracked farms, so it lives under the farms feature's
 * root: tracking, untracking or a snapshot (which invalidate `farmKeys.all`) refresh it too.
 */
export const lpToolKeys = {
  all: [...farmKeys.all, 'lp-tools'] as const,
  tools: () => [...lpToolKeys.all, 'tools'] as const,
};
