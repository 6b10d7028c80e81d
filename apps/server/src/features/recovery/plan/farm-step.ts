import { encodeFunctionData, formatUnits as formatWhole } from 'viem';
import { farmContracts } from '../../../core/chain/farm-contracts.ts';
import type { FarmState, Flow, PairState } from './chain-state.ts';
import type { PlannedStep } from './plan-steps.ts';

/** The farm holds less of some reward token than it owes the wallet (both rewards of one token summed). */
export function isShort(farm: FarmState): boolean {
  const owed = new Map<string, { owed: bigint; held: bigint }>();
  farm.rewards.forEach((reward, k) => {
    const key = reward.address.toLowerCase();
    const entry = owed.get(key) ?? { owed: 0n, held: farm.rewardBalances[k] ?? 0n };
    entry.owed += farm.earned[k] ?? 0n;
    owed.set(key, entry);
  });
  return [...owed.values()].some((e) => e.owed > e.held);
}

/**
 * A farm's step: `withdraw` of the whole stake when the farm is short of a reward (claiming would revert),
 * else `exit` while there is stake, else `getReward` for rewards alone; null when nothing can be taken.
 */
export function planFarmStep(farm: FarmState, pair: PairState, isRewardShort: boolean): PlannedStep | null {
  const { kind } = farm.row;
  const abi = farmContracts[kind].farmAbi;
  const label = `${kind === 'dual' ? 'dual farm' : 'farm'} ${pair.token0.symbol}-${pair.token1.symbol}`;
  const stake: Flow = { token: pair.lp, raw: farm.staked };
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
      note: `The farm holds only ${short.join(' and ')}: claiming (and so exit) would revert. This withdraws your stake without claiming; the rewards stay owed to you in the farm.`,
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
