import {
  stakingDualRewards,
  stakingRewards,
  stakingRewardsDualFactory,
  stakingRewardsFactory,
} from '@tidewatch/contracts';
import type { FarmKind } from '@tidewatch/shared';

/**
 * Each farm kind's contracts as QuickSwap deployed them: the farm's ABI; its reward-token, reward-rate and
 * earned getters in reward order (A, B); whether it can be paused; its factory's ABI. The server's half of
 * the kinds table (packages/shared/src/farm-kinds.ts, whose `contract` names the farm's artifact): a new
 * kind is a new row there and here, and the compiler asks for it.
 */
export const farmContracts = {
  lp: {
    farmAbi: stakingRewards.abi,
    factoryAbi: stakingRewardsFactory.abi,
    rewardTokenGetters: ['rewardsToken'],
    rewardRateGetters: ['rewardRate'],
    earnedGetters: ['earned'],
    /** StakingRewards has no pause. */
    canPause: false,
  },
  dual: {
    farmAbi: stakingDualRewards.abi,
    factoryAbi: stakingRewardsDualFactory.abi,
    rewardTokenGetters: ['rewardsTokenA', 'rewardsTokenB'],
    rewardRateGetters: ['rewardRateA', 'rewardRateB'],
    earnedGetters: ['earnedA', 'earnedB'],
    /** StakingDualRewards is Pausable: `paused()`. */
    canPause: true,
  },
} as const satisfies Record<FarmKind, unknown>;
