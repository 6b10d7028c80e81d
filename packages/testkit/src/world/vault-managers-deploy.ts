/**
 * Steer, ICHI and DefiEdge vaults over the V3 world's Algebra pools, next to deployGammaVault (gamma-deploy.ts):
 * each vault is deployed, placed at a given (real) address before anyone uses it, seeded by the deployer, put into
 * ranges around the pool's price by its manager, and given a deposit by the world's user; Steer's optionally with
 * its StakingRewards pool and DefiEdge's with Sushi's MiniChefV2, where the user stakes part of its shares. The
 * contracts are @tidewatch/contracts' steerVault, steerStakingRewards, ichiVault, defiEdgeStrategy (restated from
 * the ABI files QuickSwap's interface-v2 reads them with) and defiEdgeMiniChef (Sushi's own source).
 */
import {
  defiEdgeMiniChef,
  defiEdgeStrategy,
  ichiVault,
  steerStakingRewards,
  steerVault,
  testErc20,
} from '@tidewatch/contracts';
import { type Address, encodeAbiParameters, getAddress, maxUint256, zeroAddress } from 'viem';
import type { Anvil } from '../anvil.ts';
import { copyContract } from './registry-farms.ts';
import type { TokenKey } from './spec.ts';
import { TxSender } from './tx-sender.ts';
import type { World } from './types.ts';
import { approveAll, fundToken, tokenUnits } from './v3-liquidity.ts';
import { floorToSpacing, TICK_SPACING } from './v3-math.ts';
import type { V3PoolKey } from './v3-spec.ts';
import { readV3PoolPrice } from './v3-swap.ts';
import type { V3World, V3WorldPool } from './v3-types.ts';

/** QuickSwap's ICHI vault the app's registry lists first (the default `at` of deployIchiVault). */
export const ICHI_VAULT_POLYGON_ADDRESS = '0x20268C918a6873aBB44d7f53A4Eb92a968Bb255b' as const;
/** A DefiEdge strategy QuickSwap lists, and the MiniChef (pid 0) it is staked in. */
export const DEFIEDGE_STRATEGY_POLYGON_ADDRESS = '0x8b207CA0B5602fEcF38Dbc748900B7f5C5903F12' as const;
export const DEFIEDGE_MINICHEF_POLYGON_ADDRESS = '0xABeCD28Ef2b4aF6B3ea046a00C435A4f44f576AE' as const;

/** A range and its weight (Steer's relativeWeight, of the weights' sum). */
type WeightedRange = { tickLower: number; tickUpper: number; weight: number };
type TickRange = { tickLower: number; tickUpper: number };

// ---- Steer ----

type SteerStakingOptions = {
  rewardToken: TokenKey;
  /** Reward per second (base units) over `durationSeconds`: notifyRewardAmount(rate × duration), funded first. */
  rewardPerSecond: bigint;
  durationSeconds: number;
  /** Percent of the user's shares it stakes; the rest stays in its wallet. */
  stakedPercent: number;
};

export type SteerVaultOptions = {
  /** The vault's address (required): deployed, then placed there (copyContract) before it is initialised. */
  at: Address;
  /** Default WMATIC-USDC. */
  pool?: V3PoolKey;
  /**
   * The positions `tend` places, as offsets in ticks (multiples of 60) from the pool's current tick rounded down
   * to 60, with weights. Default: ±1,200 weight 2 and ±3,000 weight 1.
   */
  positions?: { below: number; above: number; weight: number }[];
  /** tend's totalWeight: the part (of 10,000) of the vault's tokens put into positions. Default 9,000. */
  totalWeight?: number;
  /** Whole tokens of the pool's tokenA and tokenB the deployer deposits first (before the tend). */
  seed?: { amountA: number; amountB: number };
  /** Whole tokens of tokenA the user deposits, with the tokenB the vault's ratio takes (idle until a next tend). */
  userDepositA?: number;
  /** The StakingRewards pool for the vault's shares; null for none. */
  staking?: SteerStakingOptions | null;
  /** Where the staking pool is placed; by default it stays where it was deployed. */
  stakingAt?: Address;
};

export type SteerVaultDeployment = {
  pool: V3PoolKey;
  poolAddress: Address;
  /** The vault (at `at`): ERC-20 shares, 18 decimals; manager and Steer roles are the deployer's. */
  vault: Address;
  token0: Address;
  token1: Address;
  /** The positions the tend placed (getPositions()), in order. */
  positions: WeightedRange[];
  totalWeight: number;
  /** What the user's deposit took (amount0Used, amount1Used), base units. */
  userDeposit: { amount0: bigint; amount1: bigint };
  /** Shares the user received, and of them those it still holds (the rest is staked). */
  userShares: bigint;
  userHeldShares: bigint;
  staking: {
    address: Address;
    rewardToken: TokenKey;
    rewardTokenAddress: Address;
    /** rewardRate() after notifyRewardAmount: rewardPerSecond (the reward divides evenly). */
    rewardPerSecond: bigint;
    durationSeconds: number;
    /** periodFinish(): the notify's block time + duration. */
    periodFinish: bigint;
    stakedShares: bigint;
  } | null;
  /** Where vault and staking pool were deployed before their copies were placed (never used after). */
  deployedAt: { vault: Address; staking: Address | null };
};

const steerDefaults = {
  pool: 'WMATIC-USDC',
  positions: [
    { below: 1_200, above: 1_200, weight: 2 },
    { below: 3_000, above: 3_000, weight: 1 },
  ],
  totalWeight: 9_000,
  seed: { amountA: 20_000, amountB: 12_000 },
  userDepositA: 2_000,
  staking: {
    rewardToken: 'NEW_QUICK',
    rewardPerSecond: 10n ** 16n,
    durationSeconds: 7 * 24 * 3_600,
    stakedPercent: 50,
  },
} as const satisfies Required<Omit<SteerVaultOptions, 'at' | 'stakingAt'>>;

/**
 * Deploys Steer's vault (restated) over one of the V3 world's pools, as Steer sets one up: deployed (its
 * constructor names the world's Algebra factory, where Steer's has QuickSwap's as a constant), placed at `at`, then
 * initialize(manager = deployer, orchestrator 0, steer = deployer, (token0, token1, maxTickChange 2000, twapInterval
 * 60)); the deployer's seed deposit; a tend into `positions` around the price (no swap); the user's deposit in the
 * vault's ratio (idle until a next tend). With `staking` (default on), a StakingRewards pool (owner and distributor
 * the deployer) placed at `stakingAt` if given, funded with rate × duration and notified, where the user stakes
 * `stakedPercent` of its shares. No time passes after the stake.
 */
export async function deploySteerVault(
  anvil: Anvil,
  world: World,
  v3World: V3World,
  options: SteerVaultOptions,
): Promise<SteerVaultDeployment> {
  const { pool: poolKey, positions, totalWeight, seed, userDepositA } = { ...steerDefaults, ...options };
  const staking = options.staking === undefined ? steerDefaults.staking : options.staking;
  if (!staking && options.stakingAt) throw new Error('stakingAt needs staking (staking is null)');
  for (const { below, above } of positions) checkTicks(below, above);
  const d = world.accounts.deployer.address;
  const user = world.accounts.user.address;
  const pool = v3World.pools[poolKey];
  const ordered = orderer(world, pool);

  const tx = new TxSender(anvil);
  const deployedVault = await tx.deploy(d, steerVault, [v3World.factory], 'Steer vault');
  await tx.assertAllSucceeded();
  const vault = await placeAt(anvil, deployedVault, options.at);
  const params = encodeAbiParameters(
    [{ type: 'address' }, { type: 'address' }, { type: 'int24' }, { type: 'uint32' }],
    [pool.token0, pool.token1, 2_000, 60],
  );
  await tx.call(d, vault, steerVault.abi, 'initialize', [d, zeroAddress, d, params]);
  const [seed0, seed1] = ordered(
    tokenUnits(world, pool.tokenA, seed.amountA),
    tokenUnits(world, pool.tokenB, seed.amountB),
  );
  await fundPair(tx, world, pool, d, seed0, seed1);
  await approveAll(tx, d, [pool.token0, pool.token1], vault);
  await tx.call(d, vault, steerVault.abi, 'deposit', [seed0, seed1, 0n, 0n, d]);
  await tx.assertAllSucceeded();

  const floor = floorToSpacing((await readV3PoolPrice(anvil, pool.address)).tick);
  const ranges = positions.map(({ below, above, weight }) => ({
    tickLower: floor - below,
    tickUpper: floor + above,
    weight,
  }));
  const noSwap = encodeAbiParameters([{ type: 'int256' }, { type: 'uint160' }], [0n, 0n]);
  await tx.call(d, vault, steerVault.abi, 'tend', [
    BigInt(totalWeight),
    {
      lowerTick: ranges.map((range) => range.tickLower),
      upperTick: ranges.map((range) => range.tickUpper),
      relativeWeight: ranges.map((range) => range.weight),
    },
    noSwap,
  ]);
  await tx.assertAllSucceeded();

  // The user's deposit: tokenA and a little more tokenB than the vault's ratio asks (the vault takes the ratio).
  const [total0, total1] = await anvil.client.readContract({
    address: vault,
    abi: steerVault.abi,
    functionName: 'getTotalAmounts',
  });
  const depositA = tokenUnits(world, pool.tokenA, userDepositA);
  const isAFirst = world.tokens[pool.tokenA].address === pool.token0;
  const depositB = isAFirst ? (depositA * total1) / total0 + 1n : (depositA * total0) / total1 + 1n;
  const [desired0, desired1] = ordered(depositA, depositB + depositB / 100n);
  await fundPair(tx, world, pool, user, desired0, desired1);
  await approveAll(tx, user, [pool.token0, pool.token1], vault);
  await tx.assertAllSucceeded();
  const before = await balances(anvil, [pool.token0, pool.token1], user);
  await tx.call(user, vault, steerVault.abi, 'deposit', [desired0, desired1, 0n, 0n, user]);
  await tx.assertAllSucceeded();
  const after = await balances(anvil, [pool.token0, pool.token1], user);
  const userShares = await shareBalance(anvil, vault, user);

  let staked: SteerVaultDeployment['staking'] = null;
  let deployedStaking: Address | null = null;
  if (staking) {
    checkPercent(staking.stakedPercent);
    const rewardTokenAddress = world.tokens[staking.rewardToken].address;
    deployedStaking = await tx.deploy(
      d,
      steerStakingRewards,
      [d, d, rewardTokenAddress, vault],
      'Steer staking rewards',
    );
    await tx.assertAllSucceeded();
    const address = options.stakingAt
      ? await placeAt(anvil, deployedStaking, options.stakingAt)
      : deployedStaking;
    const reward = staking.rewardPerSecond * BigInt(staking.durationSeconds);
    await tx.call(d, address, steerStakingRewards.abi, 'setRewardsDuration', [
      BigInt(staking.durationSeconds),
    ]);
    await fundToken(tx, world, staking.rewardToken, address, reward);
    await tx.call(d, address, steerStakingRewards.abi, 'notifyRewardAmount', [reward]);
    const stakedShares = percentOf(userShares, staking.stakedPercent);
    await tx.call(user, vault, steerVault.abi, 'approve', [address, maxUint256]);
    await tx.call(user, address, steerStakingRewards.abi, 'stake', [stakedShares]);
    await tx.assertAllSucceeded();
    const read = (functionName: 'rewardRate' | 'periodFinish') =>
      anvil.client.readContract({ address, abi: steerStakingRewards.abi, functionName });
    staked = {
      address,
      rewardToken: staking.rewardToken,
      rewardTokenAddress,
      rewardPerSecond: await read('rewardRate'),
      durationSeconds: staking.durationSeconds,
      periodFinish: await read('periodFinish'),
      stakedShares,
    };
  }
  return {
    pool: poolKey,
    poolAddress: pool.address,
    vault,
    token0: pool.token0,
    token1: pool.token1,
    positions: ranges,
    totalWeight,
    userDeposit: { amount0: before[0] - after[0], amount1: before[1] - after[1] },
    userShares,
    userHeldShares: userShares - (staked?.stakedShares ?? 0n),
    staking: staked,
    deployedAt: { vault: deployedVault, staking: deployedStaking },
  };
}

// ---- ICHI ----

export type IchiVaultOptions = {
  /** The vault's address: deployed, then placed there before anyone deposits. Default ICHI_VAULT_POLYGON_ADDRESS. */
  at?: Address;
  /** Default WMATIC-USDC. */
  pool?: V3PoolKey;
  /** The one token the vault takes (allowToken0 or allowToken1): the pool's tokenA or tokenB. Default tokenA. */
  depositToken?: 'tokenA' | 'tokenB';
  /** The base range: this many ticks (a multiple of 60) each side of the pool's tick rounded down. Default 1,200. */
  baseTicksEachSide?: number;
  /**
   * The limit range's width (a multiple of 60): beside the price on the side that holds only the deposit token
   * (above it for token0, below it for token1). Default 600.
   */
  limitTicks?: number;
  /** Whole deposit tokens the deployer deposits first. Default 10,000. */
  seed?: number;
  /**
   * Percent of the seed the rebalance swaps into the other token in the pool (swapQuantity), so the base range
   * holds both; the rest of the seed goes into the limit range. It moves the pool's price a little. Default 40.
   */
  rebalanceSwapPercent?: number;
  /** Whole deposit tokens the user deposits (idle until a next rebalance). Default 1,000. */
  userDeposit?: number;
};

export type IchiVaultDeployment = {
  pool: V3PoolKey;
  poolAddress: Address;
  /** The vault (at `at`): ERC-20 shares, 18 decimals; owner (and ichiVaultFactory) the deployer. */
  vault: Address;
  token0: Address;
  token1: Address;
  allowToken0: boolean;
  allowToken1: boolean;
  depositToken: TokenKey;
  base: TickRange;
  limit: TickRange;
  /** rebalance's swapQuantity: > 0 sold that much token0, < 0 that much token1. */
  rebalanceSwap: bigint;
  /** What the user deposited, base units (one of them 0). */
  userDeposit: { amount0: bigint; amount1: bigint };
  userShares: bigint;
  deployedAt: { vault: Address };
};

const ichiDefaults = {
  at: ICHI_VAULT_POLYGON_ADDRESS,
  pool: 'WMATIC-USDC',
  depositToken: 'tokenA',
  baseTicksEachSide: 1_200,
  limitTicks: 600,
  seed: 10_000,
  rebalanceSwapPercent: 40,
  userDeposit: 1_000,
} as const satisfies Required<IchiVaultOptions>;

/**
 * Deploys ICHI's single-sided vault (restated) over one of the V3 world's pools: deployed by the deployer (owner;
 * twapPeriod 600, vault index 0), placed at `at`, the deployer's single-token seed, a rebalance into a base range
 * around the price and a limit range beside it (swapping `rebalanceSwapPercent` of the seed), then the user's
 * single-token deposit, which stays idle.
 */
export async function deployIchiVault(
  anvil: Anvil,
  world: World,
  v3World: V3World,
  options: IchiVaultOptions = {},
): Promise<IchiVaultDeployment> {
  const {
    at,
    pool: poolKey,
    depositToken,
    baseTicksEachSide,
    limitTicks,
    seed,
    rebalanceSwapPercent,
    userDeposit,
  } = { ...ichiDefaults, ...options };
  checkTicks(baseTicksEachSide, limitTicks);
  if (rebalanceSwapPercent < 0 || rebalanceSwapPercent >= 100)
    throw new Error(`rebalanceSwapPercent ${rebalanceSwapPercent}: need 0 <= percent < 100`);
  const d = world.accounts.deployer.address;
  const user = world.accounts.user.address;
  const pool = v3World.pools[poolKey];
  const token = pool[depositToken];
  const tokenAddress = world.tokens[token].address;
  const isToken0 = tokenAddress === pool.token0;

  const tx = new TxSender(anvil);
  const deployedVault = await tx.deploy(
    d,
    ichiVault,
    [pool.address, isToken0, !isToken0, d, 600, 0n],
    'ICHI vault',
  );
  await tx.assertAllSucceeded();
  const vault = await placeAt(anvil, deployedVault, at);
  const seedAmount = tokenUnits(world, token, seed);
  await fundToken(tx, world, token, d, seedAmount);
  await approveAll(tx, d, [tokenAddress], vault);
  await tx.call(d, vault, ichiVault.abi, 'deposit', isToken0 ? [seedAmount, 0n, d] : [0n, seedAmount, d]);
  await tx.assertAllSucceeded();

  const floor = floorToSpacing((await readV3PoolPrice(anvil, pool.address)).tick);
  const base = { tickLower: floor - baseTicksEachSide, tickUpper: floor + baseTicksEachSide };
  const limit = isToken0
    ? { tickLower: floor + TICK_SPACING, tickUpper: floor + TICK_SPACING + limitTicks }
    : { tickLower: floor - limitTicks, tickUpper: floor };
  const swapped = percentOf(seedAmount, rebalanceSwapPercent);
  const rebalanceSwap = isToken0 ? swapped : -swapped;
  await tx.call(d, vault, ichiVault.abi, 'rebalance', [
    base.tickLower,
    base.tickUpper,
    limit.tickLower,
    limit.tickUpper,
    rebalanceSwap,
  ]);
  await tx.assertAllSucceeded();

  const depositAmount = tokenUnits(world, token, userDeposit);
  await fundToken(tx, world, token, user, depositAmount);
  await approveAll(tx, user, [tokenAddress], vault);
  const userDepositAmounts = isToken0
    ? { amount0: depositAmount, amount1: 0n }
    : { amount0: 0n, amount1: depositAmount };
  await tx.call(user, vault, ichiVault.abi, 'deposit', [
    userDepositAmounts.amount0,
    userDepositAmounts.amount1,
    user,
  ]);
  await tx.assertAllSucceeded();
  return {
    pool: poolKey,
    poolAddress: pool.address,
    vault,
    token0: pool.token0,
    token1: pool.token1,
    allowToken0: isToken0,
    allowToken1: !isToken0,
    depositToken: token,
    base,
    limit,
    rebalanceSwap,
    userDeposit: userDepositAmounts,
    userShares: await shareBalance(anvil, vault, user),
    deployedAt: { vault: deployedVault },
  };
}

// ---- DefiEdge ----

type DefiEdgeMiniChefOptions = {
  /** The chef's SUSHI: its one reward token, paid from its own balance at `rewardPerSecond` to the strategy's pool. */
  rewardToken: TokenKey;
  rewardPerSecond: bigint;
  /** Whole reward tokens the chef is funded with. */
  rewardFunding: number;
  /** Percent of the user's shares it stakes. */
  stakedPercent: number;
};

export type DefiEdgeStrategyOptions = {
  /** The strategy's address. Default DEFIEDGE_STRATEGY_POLYGON_ADDRESS. */
  at?: Address;
  /** Default WMATIC-USDC. */
  pool?: V3PoolKey;
  /**
   * The ranges the manager's rebalance adds, as offsets from the pool's tick rounded down to 60, each with the
   * percent of the strategy's idle tokens it gets. The user's mint goes into the first. Default ±1,200 with 60 %
   * and ±3,000 with 30 % (10 % stays idle).
   */
  ranges?: { below: number; above: number; percent: number }[];
  /** Whole tokens of tokenA and tokenB the deployer mints with first (idle until the rebalance). */
  seed?: { amountA: number; amountB: number };
  /** Whole tokens of tokenA the user mints with; the first range takes the tokenB it needs. */
  userDepositA?: number;
  /** Sushi's MiniChefV2 with the strategy as its pool `pid`; null for none. */
  miniChef?: DefiEdgeMiniChefOptions | null;
  /** The chef's address. Default DEFIEDGE_MINICHEF_POLYGON_ADDRESS. */
  miniChefAt?: Address;
  /**
   * The strategy's pid in the chef. Below it the chef lists that many placeholder pools (a fresh ERC-20 each,
   * allocation 0), so the chef's whole rate goes to the strategy. Default 0.
   */
  pid?: number;
};

export type DefiEdgeStrategyDeployment = {
  pool: V3PoolKey;
  poolAddress: Address;
  /** The strategy (at `at`): ERC-20 shares, 18 decimals; manager and factory are the deployer. */
  strategy: Address;
  token0: Address;
  token1: Address;
  /** getTicks() after the rebalance, in order; the user's mint went into the first. */
  ticks: TickRange[];
  /** What the user's mint took, base units. */
  userDeposit: { amount0: bigint; amount1: bigint };
  userShares: bigint;
  userHeldShares: bigint;
  miniChef: {
    address: Address;
    pid: bigint;
    placeholderLpTokens: Address[];
    rewardToken: TokenKey;
    rewardTokenAddress: Address;
    rewardPerSecond: bigint;
    stakedShares: bigint;
  } | null;
  deployedAt: { strategy: Address; miniChef: Address | null };
};

const defiEdgeDefaults = {
  at: DEFIEDGE_STRATEGY_POLYGON_ADDRESS,
  pool: 'WMATIC-USDC',
  ranges: [
    { below: 1_200, above: 1_200, percent: 60 },
    { below: 3_000, above: 3_000, percent: 30 },
  ],
  seed: { amountA: 20_000, amountB: 12_000 },
  userDepositA: 2_000,
  miniChef: {
    rewardToken: 'NEW_QUICK',
    rewardPerSecond: 10n ** 16n,
    rewardFunding: 1_000_000,
    stakedPercent: 50,
  },
  miniChefAt: DEFIEDGE_MINICHEF_POLYGON_ADDRESS,
  pid: 0,
} as const satisfies Required<DefiEdgeStrategyOptions>;

/**
 * Deploys DefiEdge's strategy (restated) over one of the V3 world's pools: deployed with no ranges (factory,
 * manager: the deployer; no 1inch router, no Chainlink registry), placed at `at`, the deployer's seed mint (idle),
 * the manager's rebalance adding `ranges`, then the user's mint into the first range. With `miniChef` (default
 * on) Sushi's MiniChefV2, placed at `miniChefAt`, lists the strategy at `pid` (no rewarder), is funded and paid
 * per second, and the user stakes `stakedPercent` of its shares. No time passes after the stake.
 */
export async function deployDefiEdgeStrategy(
  anvil: Anvil,
  world: World,
  v3World: V3World,
  options: DefiEdgeStrategyOptions = {},
): Promise<DefiEdgeStrategyDeployment> {
  const {
    at,
    pool: poolKey,
    ranges,
    seed,
    userDepositA,
    miniChefAt,
    pid,
  } = { ...defiEdgeDefaults, ...options };
  const miniChef = options.miniChef === undefined ? defiEdgeDefaults.miniChef : options.miniChef;
  for (const { below, above } of ranges) checkTicks(below, above);
  if (ranges.reduce((sum, range) => sum + range.percent, 0) > 100) throw new Error('ranges take over 100 %');
  if (!Number.isSafeInteger(pid) || pid < 0) throw new Error(`pid ${pid}: need an integer >= 0`);
  if (!miniChef && (options.miniChefAt !== undefined || options.pid !== undefined))
    throw new Error('miniChefAt and pid need a MiniChef (miniChef is null)');
  const d = world.accounts.deployer.address;
  const user = world.accounts.user.address;
  const pool = v3World.pools[poolKey];
  const ordered = orderer(world, pool);

  const tx = new TxSender(anvil);
  const deployedStrategy = await tx.deploy(
    d,
    defiEdgeStrategy,
    [d, pool.address, zeroAddress, zeroAddress, d, [false, false], []],
    'DefiEdge strategy',
  );
  await tx.assertAllSucceeded();
  const strategy = await placeAt(anvil, deployedStrategy, at);
  const [seed0, seed1] = ordered(
    tokenUnits(world, pool.tokenA, seed.amountA),
    tokenUnits(world, pool.tokenB, seed.amountB),
  );
  await fundPair(tx, world, pool, d, seed0, seed1);
  await approveAll(tx, d, [pool.token0, pool.token1], strategy);
  await tx.call(d, strategy, defiEdgeStrategy.abi, 'mint', [seed0, seed1, 0n, 0n, 0n]);
  await tx.assertAllSucceeded();

  const floor = floorToSpacing((await readV3PoolPrice(anvil, pool.address)).tick);
  const newTicks = ranges.map(({ below, above, percent }) => ({
    tickLower: floor - below,
    tickUpper: floor + above,
    amount0: percentOf(seed0, percent),
    amount1: percentOf(seed1, percent),
  }));
  await tx.call(d, strategy, defiEdgeStrategy.abi, 'rebalance', ['0x', [], newTicks, false]);
  await tx.assertAllSucceeded();

  // The user offers tokenA and more than enough tokenB; the first range takes what its liquidity needs.
  const depositA = tokenUnits(world, pool.tokenA, userDepositA);
  const isAFirst = world.tokens[pool.tokenA].address === pool.token0;
  const offeredB = isAFirst ? (depositA * seed1 * 2n) / seed0 : (depositA * seed0 * 2n) / seed1;
  const [offered0, offered1] = ordered(depositA, offeredB);
  await fundPair(tx, world, pool, user, offered0, offered1);
  await approveAll(tx, user, [pool.token0, pool.token1], strategy);
  await tx.assertAllSucceeded();
  const before = await balances(anvil, [pool.token0, pool.token1], user);
  await tx.call(user, strategy, defiEdgeStrategy.abi, 'mint', [offered0, offered1, 0n, 0n, 0n]);
  await tx.assertAllSucceeded();
  const after = await balances(anvil, [pool.token0, pool.token1], user);
  const userShares = await shareBalance(anvil, strategy, user);
  const ticks = (
    await anvil.client.readContract({
      address: strategy,
      abi: defiEdgeStrategy.abi,
      functionName: 'getTicks',
    })
  ).map(({ tickLower, tickUpper }) => ({ tickLower, tickUpper }));

  let chef: DefiEdgeStrategyDeployment['miniChef'] = null;
  let deployedChef: Address | null = null;
  if (miniChef) {
    checkPercent(miniChef.stakedPercent);
    const rewardTokenAddress = world.tokens[miniChef.rewardToken].address;
    deployedChef = await tx.deploy(d, defiEdgeMiniChef, [rewardTokenAddress], 'DefiEdge MiniChefV2');
    await tx.assertAllSucceeded();
    // Placed before any pool is added: poolInfo, lpToken and rewarder are arrays, whose elements a copy leaves behind.
    const address = await placeAt(anvil, deployedChef, miniChefAt);
    await tx.call(d, address, defiEdgeMiniChef.abi, 'setSushiPerSecond', [miniChef.rewardPerSecond]);
    const placeholderLpTokens: Address[] = [];
    for (let i = 0; i < pid; i++) {
      const token = await tx.deploy(
        d,
        testErc20,
        [`Placeholder LP ${i}`, `PLP${i}`, 18],
        `placeholder LP ${i}`,
      );
      await tx.call(d, address, defiEdgeMiniChef.abi, 'add', [0n, token, zeroAddress]);
      placeholderLpTokens.push(token);
    }
    await tx.call(d, address, defiEdgeMiniChef.abi, 'add', [100n, strategy, zeroAddress]);
    await fundToken(
      tx,
      world,
      miniChef.rewardToken,
      address,
      tokenUnits(world, miniChef.rewardToken, miniChef.rewardFunding),
    );
    const stakedShares = percentOf(userShares, miniChef.stakedPercent);
    await tx.call(user, strategy, defiEdgeStrategy.abi, 'approve', [address, maxUint256]);
    await tx.call(user, address, defiEdgeMiniChef.abi, 'deposit', [BigInt(pid), stakedShares, user]);
    await tx.assertAllSucceeded();
    chef = {
      address,
      pid: BigInt(pid),
      placeholderLpTokens,
      rewardToken: miniChef.rewardToken,
      rewardTokenAddress,
      rewardPerSecond: miniChef.rewardPerSecond,
      stakedShares,
    };
  }
  return {
    pool: poolKey,
    poolAddress: pool.address,
    strategy,
    token0: pool.token0,
    token1: pool.token1,
    ticks,
    userDeposit: { amount0: before[0] - after[0], amount1: before[1] - after[1] },
    userShares,
    userHeldShares: userShares - (chef?.stakedShares ?? 0n),
    miniChef: chef,
    deployedAt: { strategy: deployedStrategy, miniChef: deployedChef },
  };
}

// ---- Shared ----

/**
 * Puts a just-deployed contract at `to` (which must hold no code) with copyContract: its runtime code, immutables
 * included, and its first 32 storage slots, which hold every plain variable of these contracts. Mappings and
 * array elements stay behind, so a contract is placed before anything is deposited, staked or listed in it.
 */
async function placeAt(anvil: Anvil, from: Address, to: Address): Promise<Address> {
  const placed = getAddress(to);
  const existing = await anvil.client.getCode({ address: placed });
  if (existing && existing !== '0x')
    throw new Error(`${placed} already has code: place a contract only once`);
  await copyContract(anvil, from, placed);
  return placed;
}

function checkTicks(...ticks: number[]): void {
  for (const value of ticks) {
    if (value <= 0 || value % TICK_SPACING !== 0) throw new Error(`${value} ticks: need a multiple of 60`);
  }
}

function checkPercent(percent: number): void {
  if (percent <= 0 || percent > 100) throw new Error(`stakedPercent ${percent}: need 0 < percent <= 100`);
}

function percentOf(amount: bigint, percent: number): bigint {
  return (amount * BigInt(Math.round(percent * 100))) / 10_000n;
}

/** (a, b) of tokenA and tokenB as (token0, token1). */
function orderer(world: World, pool: V3WorldPool) {
  return <T>(a: T, b: T): [T, T] => (world.tokens[pool.tokenA].address === pool.token0 ? [a, b] : [b, a]);
}

async function fundPair(
  tx: TxSender,
  world: World,
  pool: V3WorldPool,
  to: Address,
  amount0: bigint,
  amount1: bigint,
): Promise<void> {
  const [amountA, amountB] = orderer(world, pool)(amount0, amount1);
  await fundToken(tx, world, pool.tokenA, to, amountA);
  await fundToken(tx, world, pool.tokenB, to, amountB);
}

async function balances(
  anvil: Anvil,
  [token0, token1]: readonly [Address, Address],
  owner: Address,
): Promise<[bigint, bigint]> {
  const read = (address: Address) =>
    anvil.client.readContract({ address, abi: testErc20.abi, functionName: 'balanceOf', args: [owner] });
  return [await read(token0), await read(token1)];
}

/** A vault's share balance (every vault here is an ERC-20 with balanceOf(account)). */
function shareBalance(anvil: Anvil, vault: Address, owner: Address): Promise<bigint> {
  return anvil.client.readContract({
    address: vault,
    abi: testErc20.abi,
    functionName: 'balanceOf',
    args: [owner],
  });
}
