import type { Address } from 'viem';

/** A liquidity-mining farm (StakingRewards) or a dual-mining farm (StakingDualRewards). */
export type FarmKind = 'lp' | 'dual';
export type FarmRef = { address: Address; kind: FarmKind };
