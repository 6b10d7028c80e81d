import { type Address, isAddressEqual, zeroAddress } from 'viem';
import type { V3IncentiveRecord } from './incentives.ts';

/**
 * The tokens an eternal incentive pays, each once: its reward token and its bonus token (none when the key's
 * bonus is the zero address). An incentive may pay its bonus in its reward token; EternalFarming then keeps
 * one `rewards(owner, token)` balance for both, which must be read and counted once.
 * @example rewardTokensOf({ key: { rewardToken: quick, bonusRewardToken: quick, … }, … }) // [quick]
 */
export function rewardTokensOf(incentive: Pick<V3IncentiveRecord, 'key'>): Address[] {
  const tokens = [incentive.key.rewardToken, incentive.key.bonusRewardToken].filter((t) => t !== zeroAddress);
  return tokens.filter((token, k) => tokens.findIndex((t) => isAddressEqual(t, token)) === k);
}

/**
 * A static `collectRewards` answer (reward, bonus reward) as an amount per token of `rewardTokensOf`: a
 * bonus paid in the reward token adds to it.
 */
export function pendingByToken(
  incentive: Pick<V3IncentiveRecord, 'key'>,
  [reward, bonusReward]: readonly [bigint, bigint],
): { token: Address; amount: bigint }[] {
  const { rewardToken, bonusRewardToken } = incentive.key;
  return rewardTokensOf(incentive).map((token) => {
    const isReward = isAddressEqual(token, rewardToken);
    const isBonus = isAddressEqual(token, bonusRewardToken);
    return { token, amount: (isReward ? reward : 0n) + (isBonus ? bonusReward : 0n) };
  });
}
