import { pair, stakingDualRewards, stakingRewards, testErc20 } from '@tidewatch/contracts';
import type { FarmKind } from '@tidewatch/shared';
import { type Anvil, BulkSender, type World } from '@tidewatch/testkit';
import { type Abi, type Address, isAddressEqual, maxUint256 } from 'viem';

type FarmRef = { address: Address; kind: FarmKind };

/**
 * Deploys `farmCount` extra farms on the world's WMATIC-USDC pair (every fourth a dual farm), funds
 * them and stakes from every account, through the testkit's BulkSender (automine off, chunks mined,
 * receipts checked once at the end).
 */
export async function deployBenchFarms(
  anvil: Anvil,
  world: World,
  options: { farmCount: number; accounts: Address[] },
): Promise<FarmRef[]> {
  const client = anvil.client;
  const sender = new BulkSender(anvil);
  await sender.begin();
  const call = (
    from: Address,
    to: Address,
    abi: Abi | readonly unknown[],
    functionName: string,
    args: unknown[],
  ) => sender.call(from, to, abi, functionName, args);

  const deployer = world.accounts.deployer.address;
  const lp = world.pairs['WMATIC-USDC'].address;
  // Rewards in mintable test tokens (dQUICK comes from its lair, which mints only against QUICK).
  const [rewardA, rewardB] = [world.tokens.QUICK.address, world.tokens.WMATIC.address];
  const deployerLp = await client.readContract({
    address: lp,
    abi: pair.abi,
    functionName: 'balanceOf',
    args: [deployer],
  });
  const stakePerFarm = deployerLp / BigInt((options.accounts.length + 1) * options.farmCount * 2);
  for (const account of options.accounts) {
    if (isAddressEqual(account, deployer)) continue;
    await call(deployer, lp, pair.abi, 'transfer', [account, stakePerFarm * BigInt(options.farmCount)]);
  }

  const farms: FarmRef[] = [];
  const duration = 30n * 86_400n;
  const reward = 1_000n * 10n ** 18n;
  for (let i = 0; i < options.farmCount; i++) {
    const isDual = i % 4 === 3;
    const address = isDual
      ? await sender.deploy(deployer, stakingDualRewards, [deployer, deployer, rewardA, rewardB, lp])
      : await sender.deploy(deployer, stakingRewards, [deployer, rewardA, lp]);
    farms.push({ address, kind: isDual ? 'dual' : 'lp' });
    await call(deployer, rewardA, testErc20.abi, 'mint', [address, reward]);
    if (isDual) {
      await call(deployer, rewardB, testErc20.abi, 'mint', [address, reward]);
      await call(deployer, address, stakingDualRewards.abi, 'notifyRewardAmount', [reward, reward, duration]);
    } else {
      await call(deployer, address, stakingRewards.abi, 'notifyRewardAmount', [reward, duration]);
    }
    for (const account of options.accounts) {
      await call(account, lp, pair.abi, 'approve', [address, maxUint256]);
      await call(account, address, isDual ? stakingDualRewards.abi : stakingRewards.abi, 'stake', [
        stakePerFarm,
      ]);
    }
  }
  await sender.finish();
  await anvil.increaseTime(3_600);
  return farms;
}
