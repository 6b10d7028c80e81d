import { stakingRewards, testErc20 } from '@tidewatch/contracts';
import { type Address, getAddress } from 'viem';
import type { Anvil } from '../anvil.ts';
import { copyContract } from './registry-farms.ts';
import type { TokenKey } from './spec.ts';
import { TxSender } from './tx-sender.ts';
import type { World } from './types.ts';

/** A syrup pool to place at one of QuickSwap's published addresses: what it stakes, pays, and for how long. */
type SyrupSpec = {
  to: Address;
  stakingToken: TokenKey;
  rewardToken: TokenKey;
  /** Reward paid over the period, in the reward token's smallest unit. */
  reward: bigint;
  durationSeconds: bigint;
};

/**
 * Syrup pools at QuickSwap's published addresses: QuickSwap's StakingRewards (the syrup pools' code, with
 * `notifyRewardAmount(reward, duration)`) deployed by the world's deployer, placed at `to` (code and storage,
 * placeFarmsAt's way, before anyone stakes), funded with its reward and started there. Each pays from now for
 * its duration; move the clock past it for an ended pool.
 * @example const [pool] = await placeSyrupsAt(anvil, world, [{ to, stakingToken: 'DQUICK', rewardToken: 'WMATIC', reward, durationSeconds: 86_400n }]);
 */
async function placeSyrupsAt(anvil: Anvil, world: World, specs: SyrupSpec[]): Promise<Address[]> {
  const tx = new TxSender(anvil);
  const d = world.accounts.deployer.address;
  const placed: Address[] = [];
  for (const spec of specs) {
    const rewardToken = world.tokens[spec.rewardToken].address;
    const deployed = await tx.deploy(
      d,
      stakingRewards,
      [d, rewardToken, world.tokens[spec.stakingToken].address],
      `syrup ${spec.to}`,
    );
    await tx.flush(); // mined before its code and storage are copied
    await copyContract(anvil, deployed, spec.to);
    await tx.call(d, rewardToken, testErc20.abi, 'mint', [spec.to, spec.reward]);
    await tx.call(d, spec.to, stakingRewards.abi, 'notifyRewardAmount', [spec.reward, spec.durationSeconds]);
    placed.push(getAddress(spec.to));
  }
  await tx.assertAllSucceeded();
  return placed;
}

/**
 * A wallet with what QuickSwap's oldest habits leave in it: 100 dQUICK of each lair (new and old) and stake in
 * three syrup pools at `to` (three of QuickSwap's published addresses): two that pay for `endedSeconds` (ended once
 * the clock passes it, stake left in them) and one that pays for `activeSeconds`. Answers the pools in that order.
 */
export async function seedLairAndSyrupStakes(
  anvil: Anvil,
  world: World,
  options: { wallet: Address; to: [Address, Address, Address]; endedSeconds: bigint; activeSeconds: bigint },
): Promise<Address[]> {
  const { wallet, to } = options;
  const pools = await placeSyrupsAt(anvil, world, [
    {
      to: to[0],
      stakingToken: 'DQUICK',
      rewardToken: 'WMATIC',
      reward: 500n * 10n ** 18n,
      durationSeconds: options.endedSeconds,
    },
    {
      to: to[1],
      stakingToken: 'NEW_DQUICK',
      rewardToken: 'WMATIC',
      reward: 700n * 10n ** 18n,
      durationSeconds: options.endedSeconds,
    },
    {
      to: to[2],
      stakingToken: 'DQUICK',
      rewardToken: 'USDC',
      reward: 9_000n * 10n ** 6n,
      durationSeconds: options.activeSeconds,
    },
  ]);
  const tx = new TxSender(anvil);
  const d = world.accounts.deployer.address;
  for (const lair of [world.tokens.DQUICK.address, world.tokens.NEW_DQUICK.address]) {
    await tx.call(d, lair, testErc20.abi, 'transfer', [wallet, 100n * 10n ** 18n]);
  }
  const staking = [world.tokens.DQUICK, world.tokens.NEW_DQUICK, world.tokens.DQUICK];
  const amounts = [10n, 20n, 5n].map((n) => n * 10n ** 18n);
  for (const [i, pool] of pools.entries()) {
    await tx.call(wallet, staking[i]!.address, testErc20.abi, 'approve', [pool, amounts[i]!]);
    await tx.call(wallet, pool, stakingRewards.abi, 'stake', [amounts[i]!], { gas: 1_000_000 });
  }
  await tx.assertAllSucceeded();
  return pools;
}
