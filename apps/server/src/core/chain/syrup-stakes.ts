import { stakingRewards } from '@tidewatch/contracts';
import type { Abi, Address } from 'viem';
import type { ReadPlan } from './read-plan.ts';

/**
 * A wallet's stake and unclaimed rewards in one syrup pool (a StakingRewards staking QUICK or dQUICK), with the
 * tokens the pool itself names: the published lists name some staking tokens wrongly (old for new QUICK).
 */
export type SyrupStake = {
  pool: Address;
  stakingToken: Address;
  rewardsToken: Address;
  staked: bigint;
  earned: bigint;
  periodFinish: bigint;
};

/**
 * The reads of a wallet's stakes in every listed syrup pool, in a caller's plan (the recovery plan's find stage
 * reads them beside the farms', in one aggregate3): its stake, `earned`, the pool's end and its two tokens. Once
 * the plan ran: the pools where the wallet has stake or unclaimed rewards, ended or not, and those whose reads
 * failed (no contract there, or not this shape: unknown, not empty). The vaults tool reads the same through its
 * lens (features/vaults/reads/holdings-lens.sol).
 */
export function planSyrupStakes(
  plan: ReadPlan,
  wallet: Address,
  syrups: readonly Address[],
): () => { syrups: SyrupStake[]; unreadable: Address[] } {
  const reads = syrups.map((pool) => {
    const stake: Partial<Omit<SyrupStake, 'pool'>> = {};
    const read = <K extends keyof typeof stake>(
      functionName: 'balanceOf' | 'earned' | 'periodFinish' | 'stakingToken' | 'rewardsToken',
      key: K,
    ) =>
      plan.addOptional<NonNullable<(typeof stake)[K]>>(
        {
          label: `syrup ${pool}: ${functionName}()`,
          address: pool,
          abi: stakingRewards.abi as Abi,
          functionName,
          args: functionName === 'balanceOf' || functionName === 'earned' ? [wallet] : [],
        },
        (value) => {
          if (value !== null) stake[key] = value;
        },
      );
    read('balanceOf', 'staked');
    read('earned', 'earned');
    read('periodFinish', 'periodFinish');
    read('stakingToken', 'stakingToken');
    read('rewardsToken', 'rewardsToken');
    return { pool, stake };
  });
  return () => {
    const found: { syrups: SyrupStake[]; unreadable: Address[] } = { syrups: [], unreadable: [] };
    for (const { pool, stake } of reads) {
      const { staked, earned, periodFinish, stakingToken, rewardsToken } = stake;
      if (
        staked === undefined ||
        earned === undefined ||
        periodFinish === undefined ||
        stakingToken === undefined ||
        rewardsToken === undefined
      ) {
        found.unreadable.push(pool);
      } else if (staked > 0n || earned > 0n) {
        found.syrups.push({ pool, stakingToken, rewardsToken, staked, earned, periodFinish });
      }
    }
    return found;
  };
}
