import type { FarmKind } from '@tidewatch/shared';
import { encodeFunctionData, formatUnits as formatWhole } from 'viem';
import { farmContracts } from '../../../core/chain/farm-contracts.ts';
import type { FarmState, Flow, PairState, PlanToken } from './chain-state.ts';
import type { PlannedStep } from './plan-steps.ts';

/**
 * A StakingRewards-shaped contract the wallet has something in: an ended farm (staking LP) or an ended syrup
 * pool (staking QUICK or dQUICK, its code the LP farms'): what it stakes and owes, and what it holds.
 */
type StakeContract = {
  address: FarmState['address'];
  /** Its ABI's kind: a syrup pool is an LP farm's code. */
  kind: FarmKind;
  /** 'farm WETH-USDC', 'syrup pool dQUICK -> WMATIC'. */
  label: string;
  stakeToken: PlanToken;
  staked: bigint;
  rewards: PlanToken[];
  earned: bigint[];
  rewardBalances: bigint[];
};

/** The contract holds less of some reward token than it owes the wallet (both rewards of one token summed). */
export function isShort(farm: Pick<StakeContract, 'rewards' | 'earned' | 'rewardBalances'>): boolean {
  const owed = new Map<string, { owed: bigint; held: bigint }>();
  farm.rewards.forEach((reward, k) => {
    const key = reward.address.toLowerCase();
    const entry = owed.get(key) ?? { owed: 0n, held: farm.rewardBalances[k] ?? 0n };
    entry.owed += farm.earned[k] ?? 0n;
    owed.set(key, entry);
  });
  return [...owed.values()].some((e) => e.owed > e.held);
}

/** A farm's step (planStakeStep), its stake the pair's LP. */
export function planFarmStep(farm: FarmState, pair: PairState, isRewardShort: boolean): PlannedStep | null {
  const { kind } = farm.row;
  const label = `${kind === 'dual' ? 'dual farm' : 'farm'} ${pair.token0.symbol}-${pair.token1.symbol}`;
  return planStakeStep({ ...farm, kind, label, stakeToken: pair.lp }, isRewardShort);
}

/**
 * A staking contract's step: `withdraw` of the whole stake when it is short of a reward (claiming would
 * revert), else `exit` while there is stake, else `getReward` for rewards alone; null when nothing can be taken.
 */
export function planStakeStep(farm: StakeContract, isRewardShort: boolean): PlannedStep | null {
  const { kind, label } = farm;
  const abi = farmContracts[kind].farmAbi;
  const stake: Flow = { token: farm.stakeToken, raw: farm.staked };
  const rewards: Flow[] = farm.rewards
    .map((token, k) => ({ token, raw: farm.earned[k] ?? 0n }))
    .filter((flow) => flow.raw > 0n);
  const base = { contract: farm.address, contractLabel: label, spender: null, isReady: true } as const;
  const call = (functionName: 'exit' | 'withdraw' | 'getReward', args: readonly bigint[] = []) => ({
    to: farm.address,
    data: encodeFunctionData({ abi, functionName, args } as never),
  });
  if (isRewardShort && farm.staked > 0n) {
    const short = farm.rewards
      .map((token, k) => ({ token, owed: farm.earned[k] ?? 0n, held: farm.rewardBalances[k] ?? 0n }))
      .filter((r) => r.owed > r.held)
      .map(
        (r) =>
          `${formatWhole(r.held, r.token.decimals)} ${r.token.symbol} of the ${formatWhole(r.owed, r.token.decimals)} it owes you`,
      );
    return {
      ...base,
      id: `withdraw:${farm.address}`,
      kind: 'withdraw',
      function: 'withdraw(uint256)',
      spends: stake,
      receives: [stake],
      note: `The ${label.startsWith('syrup') ? 'pool' : 'farm'} holds only ${short.join(' and ')}: claiming (and so exit) would revert. This withdraws your stake without claiming; the rewards stay owed to you in the ${label.startsWith('syrup') ? 'pool' : 'farm'}.`,
      estimate: call('withdraw', [farm.staked]),
      typicalGas: `withdraw:${kind}`,
    };
  }
  if (farm.staked > 0n) {
    return {
      ...base,
      id: `exit:${farm.address}`,
      kind: 'exit',
      function: 'exit()',
      spends: null,
      receives: [stake, ...rewards],
      note: null,
      estimate: call('exit'),
      typicalGas: `exit:${kind}`,
    };
  }
  if (rewards.length > 0 && !isRewardShort) {
    return {
      ...base,
      id: `claim:${farm.address}`,
      kind: 'claim',
      function: 'getReward()',
      spends: null,
      receives: rewards,
      note: null,
      estimate: call('getReward'),
      typicalGas: `claim:${kind}`,
    };
  }
  return null;
}
