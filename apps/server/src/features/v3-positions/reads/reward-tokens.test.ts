import { type Address, zeroAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import { pendingByToken, rewardTokensOf } from './reward-tokens.ts';

const quick = '0xB5C064F955D8e7F38fE0460C556a72987494eE17' as Address;
const wmatic = '0x0d500B1d8E8eF31E21C99d1Db9A6444d3ADf1270' as Address;
const keyOf = (rewardToken: Address, bonusRewardToken: Address) => ({
  key: {
    rewardToken,
    bonusRewardToken,
    pool: zeroAddress,
    startTime: 0n,
    endTime: 0n,
  },
});

describe('an incentive’s reward tokens', () => {
  it('are its reward and bonus tokens, the bonus left out when it is the zero address', () => {
    expect(rewardTokensOf(keyOf(quick, wmatic))).toEqual([quick, wmatic]);
    expect(rewardTokensOf(keyOf(quick, zeroAddress))).toEqual([quick]);
  });

  it('count a bonus paid in the reward token once (one rewards(owner, token) balance), whatever its case', () => {
    expect(rewardTokensOf(keyOf(quick, quick))).toEqual([quick]);
    expect(rewardTokensOf(keyOf(quick, quick.toLowerCase() as Address))).toEqual([quick]);
  });

  it('pending: the reward and the bonus apart, or added up when both are the same token', () => {
    expect(pendingByToken(keyOf(quick, wmatic), [5n, 7n])).toEqual([
      { token: quick, amount: 5n },
      { token: wmatic, amount: 7n },
    ]);
    expect(pendingByToken(keyOf(quick, quick), [5n, 7n])).toEqual([{ token: quick, amount: 12n }]);
    expect(pendingByToken(keyOf(quick, zeroAddress), [5n, 0n])).toEqual([{ token: quick, amount: 5n }]);
  });
});
