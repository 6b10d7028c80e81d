import {
  MULTICALL3_CANONICAL_ADDRESS,
  pair as pairArtifact,
  pairFactory,
  stakingDualRewards,
  stakingRewards,
  stakingRewardsRegistry,
  testErc20,
  testErc20Bytes32,
} from '@tidewatch/contracts';
import { type Address, stringToHex } from 'viem';
import type { Anvil } from '../anvil.ts';
import { testAccounts } from './accounts.ts';
import {
  ACCRUAL_SECONDS,
  type FarmKey,
  farmSpecs,
  type PairKey,
  pairSpecs,
  type TokenKey,
  tokenSpecs,
  USER_LIQUIDITY_BPS,
} from './spec.ts';
import { TxSender } from './tx-sender.ts';
import type { World, WorldFarm, WorldPair, WorldToken } from './types.ts';
import { quickswapFarmUrl } from './urls.ts';

const units = (whole: number, decimals: number) => BigInt(whole) * 10n ** BigInt(decimals);
const entries = <K extends string, V>(record: Record<K, V>) => Object.entries(record) as [K, V][];

/**
 * Deploys a QuickSwap-like world on a fresh local node: tokens of 6/8/18 decimals (one with a
 * bytes32 symbol, one no price source knows), a factory with pairs whose reserves imply sane
 * prices, LP and dual farms (one ended, one paused) with registries, and a user with staked
 * positions and accrued rewards. Takes well under a second.
 * @example
 * const anvil = await startAnvil();
 * const world = await deployQuickswapWorld(anvil);
 * world.farms.wmaticUsdc.address;
 */
export async function deployQuickswapWorld(anvil: Anvil): Promise<World> {
  const { deployer, user } = testAccounts;
  const d = deployer.address;
  const tx = new TxSender(anvil);

  const tokenAddress = {} as Record<TokenKey, Address>;
  for (const [key, spec] of entries(tokenSpecs)) {
    tokenAddress[key] =
      key === 'MKR'
        ? await tx.deploy(
            d,
            testErc20Bytes32,
            [stringToHex(spec.name, { size: 32 }), stringToHex(spec.symbol, { size: 32 }), spec.decimals],
            key,
          )
        : await tx.deploy(d, testErc20, [spec.name, spec.symbol, spec.decimals], key);
  }
  const factory = await tx.deploy(d, pairFactory, [], 'factory');
  const lpFarmRegistry = await tx.deploy(d, stakingRewardsRegistry, [], 'LP farm registry');
  const dualFarmRegistry = await tx.deploy(d, stakingRewardsRegistry, [], 'dual farm registry');

  for (const [, spec] of entries(pairSpecs)) {
    await tx.call(d, factory, pairFactory.abi, 'createPair', [
      tokenAddress[spec.tokenA],
      tokenAddress[spec.tokenB],
    ]);
  }
  await tx.flush();
  const pairAddress = Object.fromEntries(
    await Promise.all(
      entries(pairSpecs).map(async ([key, spec]) => {
        const address = await anvil.client.readContract({
          address: factory,
          abi: pairFactory.abi,
          functionName: 'getPair',
          args: [tokenAddress[spec.tokenA], tokenAddress[spec.tokenB]],
        });
        return [key, address] as const;
      }),
    ),
  ) as Record<PairKey, Address>;

  // Liquidity: the deployer seeds each pool, then the user adds the same small share of both sides,
  // which keeps the reserve ratio (and so the implied price) exact.
  for (const [key, spec] of entries(pairSpecs)) {
    const amountA = units(spec.reserveA, tokenSpecs[spec.tokenA].decimals);
    const amountB = units(spec.reserveB, tokenSpecs[spec.tokenB].decimals);
    for (const [to, share] of [
      [d, 10_000n],
      [user.address, USER_LIQUIDITY_BPS],
    ] as const) {
      await tx.call(d, tokenAddress[spec.tokenA], testErc20.abi, 'mint', [
        pairAddress[key],
        (amountA * share) / 10_000n,
      ]);
      await tx.call(d, tokenAddress[spec.tokenB], testErc20.abi, 'mint', [
        pairAddress[key],
        (amountB * share) / 10_000n,
      ]);
      await tx.call(d, pairAddress[key], pairArtifact.abi, 'mint', [to]);
    }
  }

  const farmAddress = {} as Record<FarmKey, Address>;
  for (const [key, spec] of entries(farmSpecs)) {
    const staking = pairAddress[spec.pair];
    const duration = BigInt(spec.duration);
    const amounts = spec.rewards.map(([token, whole]) => units(whole, tokenSpecs[token].decimals));
    const rewardTokens = spec.rewards.map(([token]) => tokenAddress[token]);
    const farm =
      spec.kind === 'lp'
        ? await tx.deploy(d, stakingRewards, [d, rewardTokens[0], staking, duration], key)
        : await tx.deploy(
            d,
            stakingDualRewards,
            [d, d, rewardTokens[0], rewardTokens[1], staking, duration],
            key,
          );
    farmAddress[key] = farm;
    for (const [i, token] of rewardTokens.entries()) {
      await tx.call(d, token!, testErc20.abi, 'mint', [farm, amounts[i]]);
    }
    if (spec.kind === 'lp') await tx.call(d, farm, stakingRewards.abi, 'notifyRewardAmount', [amounts[0]]);
    else await tx.call(d, farm, stakingDualRewards.abi, 'notifyRewardAmount', [amounts[0], amounts[1]]);
    const registry = spec.kind === 'lp' ? lpFarmRegistry : dualFarmRegistry;
    await tx.call(d, registry, stakingRewardsRegistry.abi, 'register', [staking, farm, amounts[0], duration]);
  }

  // Stakes: the deployer stakes half its LP in every farm (so the user's share is below 100%);
  // the user stakes all of its LP where the spec says so.
  await tx.flush();
  const lpBalances = await Promise.all(
    entries(farmSpecs).map(async ([key, spec]) => {
      const read = (account: Address) =>
        anvil.client.readContract({
          address: pairAddress[spec.pair],
          abi: pairArtifact.abi,
          functionName: 'balanceOf',
          args: [account],
        });
      const [ofDeployer, ofUser] = await Promise.all([read(d), read(user.address)]);
      return { key, spec, ofDeployer, ofUser };
    }),
  );
  const userStake = {} as Record<FarmKey, bigint>;
  for (const { key, spec, ofDeployer, ofUser } of lpBalances) {
    const staking = pairAddress[spec.pair];
    const stakes = [
      [d, ofDeployer / 2n],
      [user.address, spec.userStakes ? ofUser : 0n],
    ] as const;
    for (const [from, amount] of stakes) {
      if (amount === 0n) continue;
      await tx.call(from, staking, pairArtifact.abi, 'approve', [farmAddress[key], amount]);
      await tx.call(from, farmAddress[key], stakingRewards.abi, 'stake', [amount]);
    }
    userStake[key] = stakes[1][1];
    if ('isPaused' in spec && spec.isPaused) {
      await tx.call(d, farmAddress[key], stakingDualRewards.abi, 'setPaused', [true]);
    }
  }

  await tx.assertAllSucceeded();
  await anvil.increaseTime(ACCRUAL_SECONDS);
  return describeWorld(anvil, {
    tokenAddress,
    pairAddress,
    farmAddress,
    userStake,
    factory,
    lpFarmRegistry,
    dualFarmRegistry,
  });
}

type Deployed = {
  tokenAddress: Record<TokenKey, Address>;
  pairAddress: Record<PairKey, Address>;
  farmAddress: Record<FarmKey, Address>;
  userStake: Record<FarmKey, bigint>;
  factory: Address;
  lpFarmRegistry: Address;
  dualFarmRegistry: Address;
};

async function describeWorld(anvil: Anvil, deployed: Deployed): Promise<World> {
  const { tokenAddress, pairAddress, farmAddress, userStake } = deployed;
  const tokens = {} as Record<TokenKey, WorldToken>;
  for (const [key, spec] of entries(tokenSpecs)) {
    tokens[key] = { key, address: tokenAddress[key], ...spec, isBytes32: key === 'MKR' };
  }

  const pairList = await Promise.all(
    entries(pairSpecs).map(async ([key, spec]): Promise<WorldPair> => {
      const address = pairAddress[key];
      const [reserve0, reserve1] = await anvil.client.readContract({
        address,
        abi: pairArtifact.abi,
        functionName: 'getReserves',
      });
      const a = tokenAddress[spec.tokenA];
      const b = tokenAddress[spec.tokenB];
      const isAFirst = a.toLowerCase() < b.toLowerCase();
      return {
        key,
        address,
        token0: isAFirst ? a : b,
        token1: isAFirst ? b : a,
        tokenA: spec.tokenA,
        tokenB: spec.tokenB,
        reserveA: isAFirst ? reserve0 : reserve1,
        reserveB: isAFirst ? reserve1 : reserve0,
      };
    }),
  );
  const pairs = Object.fromEntries(pairList.map((p) => [p.key, p])) as Record<PairKey, WorldPair>;

  const farms = {} as Record<FarmKey, WorldFarm>;
  for (const [key, spec] of entries(farmSpecs)) {
    const pairSpec = pairSpecs[spec.pair];
    const tokenAddresses = [tokenAddress[pairSpec.tokenA], tokenAddress[pairSpec.tokenB]] as const;
    const rewardAmounts = spec.rewards.map(([token, whole]) => units(whole, tokenSpecs[token].decimals));
    const base = {
      key,
      address: farmAddress[key],
      pair: pairAddress[spec.pair],
      pairKey: spec.pair,
      tokens: [pairSpec.tokenA, pairSpec.tokenB] as const,
      tokenAddresses,
      rewardsDuration: BigInt(spec.duration),
      isEnded: 'isEnded' in spec && spec.isEnded,
      isPaused: 'isPaused' in spec && spec.isPaused,
      userStake: userStake[key],
    };
    const rewardKeys = spec.rewards.map(([token]) => token);
    farms[key] =
      spec.kind === 'lp'
        ? {
            ...base,
            kind: 'lp',
            rewardTokens: [rewardKeys[0]!],
            rewardTokenAddresses: [tokenAddress[rewardKeys[0]!]],
            rewardAmounts: [rewardAmounts[0]!],
            url: quickswapFarmUrl({ kind: 'lp', address: farmAddress[key], tokenAddresses }),
          }
        : {
            ...base,
            kind: 'dual',
            rewardTokens: [rewardKeys[0]!, rewardKeys[1]!],
            rewardTokenAddresses: [tokenAddress[rewardKeys[0]!], tokenAddress[rewardKeys[1]!]],
            rewardAmounts: [rewardAmounts[0]!, rewardAmounts[1]!],
            url: quickswapFarmUrl({ kind: 'dual', address: farmAddress[key], tokenAddresses }),
          };
  }

  return {
    chainId: anvil.chainId,
    rpcUrl: anvil.rpcUrl,
    multicall3: MULTICALL3_CANONICAL_ADDRESS,
    factory: deployed.factory,
    lpFarmRegistry: deployed.lpFarmRegistry,
    dualFarmRegistry: deployed.dualFarmRegistry,
    tokens,
    pairs,
    farms,
    accounts: testAccounts,
    deployedAtBlock: await anvil.client.getBlockNumber(),
  };
}
