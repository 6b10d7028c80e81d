import {
  dragonLair,
  pair as pairArtifact,
  pairFactory,
  quickConverter as quickConverterArtifact,
  router02,
  stakingDualRewards,
  stakingRewards,
  stakingRewardsDualFactory,
  stakingRewardsFactory,
  testErc20,
  testErc20Bytes32,
} from '@tidewatch/contracts';
import type { FarmKind } from '@tidewatch/shared/farm-kinds';
import { type Address, stringToHex } from 'viem';
import type { Anvil } from '../anvil.ts';
import { testAccounts } from './accounts.ts';
import { describeWorld } from './describe.ts';
import {
  ACCRUAL_SECONDS,
  type FarmKey,
  farmSpecs,
  type LairKey,
  lairSpecs,
  type PairKey,
  pairSpecs,
  type TokenKey,
  tokenSpecs,
  USER_LIQUIDITY_BPS,
} from './spec.ts';
import { TxSender } from './tx-sender.ts';
import type { World } from './types.ts';

const units = (whole: number, decimals: number) => BigInt(whole) * 10n ** BigInt(decimals);
const entries = <K extends string, V>(record: Record<K, V>) => Object.entries(record) as [K, V][];
const isLair = (key: TokenKey): key is LairKey => key in lairSpecs;
/** Seconds between a farm factory's creation and its genesis (QuickSwap's factories refuse notifications before it). */
const GENESIS_DELAY = 60;

/**
 * Deploys a QuickSwap world on a fresh local node, the way QuickSwap's contracts are really used:
 * tokens of 6/8/18 decimals (one with a bytes32 symbol, one no price source knows), old and new QUICK
 * with their Dragon's Lairs (dQUICK), Uniswap V2's own factory and pairs funded by transfer + mint(to)
 * with the protocol fee on and Uniswap V2's Router02 over them, LP and dual farms deployed and funded by QuickSwap's staking-rewards
 * factories (one ended, one paused, one never funded, one topped up mid-period with a new duration),
 * a syrup pool and a farm over another exchange's pair (both not LP farms), and a user with staked
 * positions and accrued rewards. Takes about a second.
 * @example
 * const anvil = await startAnvil();
 * const world = await deployQuickswapWorld(anvil);
 * world.farms.wmaticUsdc.address;
 */
export async function deployQuickswapWorld(anvil: Anvil): Promise<World> {
  const { deployer, user } = testAccounts;
  const d = deployer.address;
  const tx = new TxSender(anvil);

  // Tokens: plain test ERC-20s, then each lair over its QUICK, entered and grown by "fees".
  const tokenAddress = {} as Record<TokenKey, Address>;
  for (const [key, spec] of entries(tokenSpecs)) {
    if (isLair(key)) continue;
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
  for (const [key, lair] of entries(lairSpecs)) {
    const quick = tokenAddress[lair.quick];
    tokenAddress[key] = await tx.deploy(d, dragonLair, [quick], key);
    const entered = units(lair.entered, 18);
    await tx.call(d, quick, testErc20.abi, 'mint', [d, entered]);
    await tx.call(d, quick, testErc20.abi, 'approve', [tokenAddress[key], entered]);
    await tx.call(d, tokenAddress[key], dragonLair.abi, 'enter', [entered]);
    await tx.call(d, quick, testErc20.abi, 'mint', [tokenAddress[key], units(lair.fees, 18)]);
  }
  // QuickSwap's converter, holding new QUICK to pay 1000 per old QUICK.
  const quickConverter = await tx.deploy(
    d,
    quickConverterArtifact,
    [tokenAddress.QUICK, tokenAddress.NEW_QUICK, 90n * 86_400n],
    'QUICK converter',
  );
  await tx.call(d, tokenAddress.NEW_QUICK, testErc20.abi, 'mint', [quickConverter, units(10_000_000, 18)]);
  /** Gives `to` tokens: minted for test ERC-20s, sent from the deployer's entered dQUICK for lairs. */
  const fund = (token: TokenKey, to: Address, amount: bigint) =>
    isLair(token)
      ? tx.call(d, tokenAddress[token], dragonLair.abi, 'transfer', [to, amount])
      : tx.call(d, tokenAddress[token], testErc20.abi, 'mint', [to, amount]);

  // Uniswap V2's factory and pairs, protocol fee on (kLast tracked) as on QuickSwap.
  const factory = await tx.deploy(d, pairFactory, [d], 'pair factory');
  await tx.call(d, factory, pairFactory.abi, 'setFeeTo', [d]);
  for (const [, spec] of entries(pairSpecs)) {
    await tx.call(d, factory, pairFactory.abi, 'createPair', [
      tokenAddress[spec.tokenA],
      tokenAddress[spec.tokenB],
    ]);
  }
  // Uniswap V2's own Router02 over that factory, WMATIC as its WETH (as QuickSwap's router wraps MATIC).
  const router = await tx.deploy(d, router02, [factory, tokenAddress.WMATIC], 'router');
  await tx.flush();
  const pairAddress = await getPairAddresses(anvil, factory, tokenAddress);

  // Liquidity as real pairs get it: both tokens transferred in, then mint(to). The deployer seeds
  // each pool, then the user adds the same small share of both sides, keeping the price exact.
  for (const [key, spec] of entries(pairSpecs)) {
    const amountA = units(spec.reserveA, tokenSpecs[spec.tokenA].decimals);
    const amountB = units(spec.reserveB, tokenSpecs[spec.tokenB].decimals);
    for (const [to, share] of [
      [d, 10_000n],
      [user.address, USER_LIQUIDITY_BPS],
    ] as const) {
      await fund(spec.tokenA, pairAddress[key], (amountA * share) / 10_000n);
      await fund(spec.tokenB, pairAddress[key], (amountB * share) / 10_000n);
      await tx.call(d, pairAddress[key], pairArtifact.abi, 'mint', [to]);
    }
  }

  // Farms through QuickSwap's factories: deploy, fund the factory, then notify once genesis is reached.
  const { timestamp } = await anvil.client.getBlock();
  const genesis = timestamp + BigInt(GENESIS_DELAY);
  const lpFarmFactory = await tx.deploy(
    d,
    stakingRewardsFactory,
    [tokenAddress.DQUICK, genesis],
    'LP farm factory',
  );
  const dualFarmFactory = await tx.deploy(d, stakingRewardsDualFactory, [genesis], 'dual farm factory');
  const farmsOf = (kind: FarmKind) => entries(farmSpecs).filter(([, spec]) => spec.kind === kind);
  for (const [, spec] of entries(farmSpecs)) {
    const amounts = spec.rewards.map(([token, whole]) => units(whole, tokenSpecs[token].decimals));
    const staking = pairAddress[spec.pair];
    if (spec.kind === 'lp') {
      await tx.call(d, lpFarmFactory, stakingRewardsFactory.abi, 'deploy', [
        staking,
        amounts[0],
        BigInt(spec.duration),
      ]);
    } else {
      const [tokenA, tokenB] = spec.rewards.map(([token]) => tokenAddress[token]);
      await tx.call(d, dualFarmFactory, stakingRewardsDualFactory.abi, 'deploy', [
        d,
        staking,
        tokenA,
        tokenB,
        amounts[0],
        amounts[1],
        BigInt(spec.duration),
      ]);
    }
    if ('isUnfunded' in spec && spec.isUnfunded) continue;
    for (const [k, [token]] of spec.rewards.entries()) {
      await fund(token, spec.kind === 'lp' ? lpFarmFactory : dualFarmFactory, amounts[k]!);
    }
  }
  await anvil.increaseTime(GENESIS_DELAY);
  for (const [kind, at, abi] of [
    ['lp', lpFarmFactory, stakingRewardsFactory.abi],
    ['dual', dualFarmFactory, stakingRewardsDualFactory.abi],
  ] as const) {
    for (const [, spec] of farmsOf(kind)) {
      if ('isUnfunded' in spec && spec.isUnfunded) continue;
      await tx.call(d, at, abi, 'notifyRewardAmount', [pairAddress[spec.pair]]);
    }
  }
  await tx.flush();
  const farmAddress = await getFarmAddresses(anvil, { lpFarmFactory, dualFarmFactory }, pairAddress);

  // Stakes: the deployer stakes half its LP in every farm (so the user's share is below 100%);
  // the user stakes all of its LP where the spec says so.
  const userStake = {} as Record<FarmKey, bigint>;
  for (const [key, spec] of entries(farmSpecs)) {
    const staking = pairAddress[spec.pair];
    const read = (account: Address) =>
      anvil.client.readContract({
        address: staking,
        abi: pairArtifact.abi,
        functionName: 'balanceOf',
        args: [account],
      });
    const [ofDeployer, ofUser] = await Promise.all([read(d), read(user.address)]);
    const stakes = [
      [d, ofDeployer / 2n],
      [user.address, spec.userStakes ? ofUser : 0n],
    ] as const;
    for (const [from, amount] of stakes) {
      if (amount === 0n) continue;
      await tx.call(from, staking, pairArtifact.abi, 'approve', [farmAddress[key], amount]);
      await tx.call(from, farmAddress[key], stakingRewards.abi, 'stake', [amount]);
    }
    await tx.flush();
    userStake[key] = stakes[1][1];
    if ('isPaused' in spec && spec.isPaused) {
      await tx.call(d, farmAddress[key], stakingDualRewards.abi, 'setPaused', [true]);
    }
  }
  const others = await deployNotLpFarms(anvil, tx, tokenAddress, d);

  await tx.assertAllSucceeded();
  await anvil.increaseTime(ACCRUAL_SECONDS);

  // Mid-period top-ups with a new duration, through the factory as QuickSwap does it.
  for (const [, spec] of farmsOf('lp')) {
    if (!('topUp' in spec)) continue;
    const amount = units(spec.topUp.reward, 18);
    await tx.call(d, lpFarmFactory, stakingRewardsFactory.abi, 'update', [
      pairAddress[spec.pair],
      amount,
      BigInt(spec.topUp.duration),
    ]);
    await fund('DQUICK', lpFarmFactory, amount);
    await tx.call(d, lpFarmFactory, stakingRewardsFactory.abi, 'notifyRewardAmount', [
      pairAddress[spec.pair],
    ]);
  }
  await tx.assertAllSucceeded();

  return describeWorld(anvil, {
    tokenAddress,
    pairAddress,
    farmAddress,
    userStake,
    factory,
    router,
    lpFarmFactory,
    dualFarmFactory,
    quickConverter,
    ...others,
  });
}

async function getPairAddresses(anvil: Anvil, factory: Address, tokenAddress: Record<TokenKey, Address>) {
  const found = await Promise.all(
    entries(pairSpecs).map(async ([key, spec]) => {
      const address = await anvil.client.readContract({
        address: factory,
        abi: pairFactory.abi,
        functionName: 'getPair',
        args: [tokenAddress[spec.tokenA], tokenAddress[spec.tokenB]],
      });
      return [key, address] as const;
    }),
  );
  return Object.fromEntries(found) as Record<PairKey, Address>;
}

async function getFarmAddresses(
  anvil: Anvil,
  factories: { lpFarmFactory: Address; dualFarmFactory: Address },
  pairAddress: Record<PairKey, Address>,
) {
  const found = await Promise.all(
    entries(farmSpecs).map(async ([key, spec]) => {
      const staking = pairAddress[spec.pair];
      const info =
        spec.kind === 'lp'
          ? await anvil.client.readContract({
              address: factories.lpFarmFactory,
              abi: stakingRewardsFactory.abi,
              functionName: 'stakingRewardsInfoByStakingToken',
              args: [staking],
            })
          : await anvil.client.readContract({
              address: factories.dualFarmFactory,
              abi: stakingRewardsDualFactory.abi,
              functionName: 'stakingRewardsInfoByStakingToken',
              args: [staking],
            });
      return [key, info[0]] as const;
    }),
  );
  return Object.fromEntries(found) as Record<FarmKey, Address>;
}

/**
 * StakingRewards-shaped contracts that are not QuickSwap LP farms: a syrup pool (stakes dQUICK, pays
 * WMATIC) and a farm over a pair of another Uniswap V2 factory (another exchange's LP token).
 */
async function deployNotLpFarms(
  anvil: Anvil,
  tx: TxSender,
  tokenAddress: Record<TokenKey, Address>,
  d: Address,
) {
  const syrupPool = await tx.deploy(
    d,
    stakingRewards,
    [d, tokenAddress.WMATIC, tokenAddress.DQUICK],
    'syrup pool',
  );
  const reward = units(10_000, 18);
  await tx.call(d, tokenAddress.WMATIC, testErc20.abi, 'mint', [syrupPool, reward]);
  await tx.call(d, syrupPool, stakingRewards.abi, 'notifyRewardAmount', [reward, 7n * 86_400n]);

  const otherExchangeFactory = await tx.deploy(d, pairFactory, [d], 'other exchange factory');
  await tx.call(d, otherExchangeFactory, pairFactory.abi, 'createPair', [
    tokenAddress.WETH,
    tokenAddress.USDC,
  ]);
  await tx.flush();
  const otherExchangePair = await anvil.client.readContract({
    address: otherExchangeFactory,
    abi: pairFactory.abi,
    functionName: 'getPair',
    args: [tokenAddress.WETH, tokenAddress.USDC],
  });
  await tx.call(d, tokenAddress.WETH, testErc20.abi, 'mint', [otherExchangePair, units(10, 18)]);
  await tx.call(d, tokenAddress.USDC, testErc20.abi, 'mint', [otherExchangePair, units(20_000, 6)]);
  await tx.call(d, otherExchangePair, pairArtifact.abi, 'mint', [d]);
  const otherExchangeFarm = await tx.deploy(
    d,
    stakingRewards,
    [d, tokenAddress.DQUICK, otherExchangePair],
    'farm over another exchange pair',
  );
  return { syrupPool, otherExchangePair, otherExchangeFarm };
}
