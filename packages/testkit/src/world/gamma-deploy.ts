import { gammaHypervisor, gammaMasterChef, gammaRewarder, gammaUniProxy } from '@tidewatch/contracts';
import { type Address, maxUint256 } from 'viem';
import type { Anvil } from '../anvil.ts';
import type { TokenKey } from './spec.ts';
import { TxSender } from './tx-sender.ts';
import type { World } from './types.ts';
import { approveAll, fundToken, tokenUnits } from './v3-liquidity.ts';
import { floorToSpacing, sqrtRatioAtTick, TICK_SPACING } from './v3-math.ts';
import type { V3PoolKey } from './v3-spec.ts';
import { readV3PoolPrice } from './v3-swap.ts';
import type { V3World, V3WorldPool } from './v3-types.ts';

/** The `version` Gamma's initialize-hypervisor task gives a hypervisor in UniProxy: no transfers through it. */
const UNIPROXY_POSITION_VERSION = 4;
const NO_MIN_AMOUNTS = [0n, 0n, 0n, 0n] as const;
const Q96 = 1n << 96n;

type MasterChefOptions = {
  /** The chef's own reward (its `SUSHI`), paid per second to the vault's pool (pid 0), the only one. */
  rewardToken: TokenKey;
  rewardPerSecond: bigint;
  /** The Rewarder's token, paid per second on top through `onSushiReward`. */
  rewarderToken: TokenKey;
  rewarderPerSecond: bigint;
  /** Whole tokens each is funded with (both pay from their own balance). */
  rewardFunding: number;
  rewarderFunding: number;
  /** Percent of the user's shares staked in the chef; the rest stays in the wallet. */
  stakedPercent: number;
};

export type GammaVaultOptions = {
  /** The V3 world's pool the vault manages. Default WMATIC-USDC. */
  pool?: V3PoolKey;
  /** The base range: this many ticks (a multiple of 60) each side of the pool's current tick, rounded down. */
  baseTicksEachSide?: number;
  /**
   * The limit range's width in ticks (a multiple of 60): next to the current tick on the side that takes only
   * the token the base position leaves over (below the price for token1, above it for token0), as Gamma places it.
   */
  limitTicks?: number;
  /** Whole tokens of the pool's tokenA and tokenB the deployer deposits first, before the first rebalance. */
  seed?: { amountA: number; amountB: number };
  /**
   * Whole tokens of tokenA the user deposits through UniProxy; it adds the middle of the tokenB amounts
   * UniProxy.getDepositAmount accepts with it. They stay idle in the vault (directDeposit is off).
   */
  userDepositA?: number;
  /** A MasterChef where the user stakes part of its shares, with a Rewarder; null for none. */
  masterChef?: MasterChefOptions | null;
};

export type GammaVault = {
  pool: V3PoolKey;
  poolAddress: Address;
  /** The Hypervisor (ERC-20 shares, 18 decimals); its owner is the deployer. */
  hypervisor: Address;
  /** UniProxy, the hypervisor's `whitelistedAddress`: every deposit goes through it. */
  uniProxy: Address;
  token0: Address;
  token1: Address;
  base: { tickLower: number; tickUpper: number };
  limit: { tickLower: number; tickUpper: number };
  /** What the user deposited through UniProxy, base units. */
  userDeposit: { amount0: bigint; amount1: bigint };
  /** Shares the user received, and of them those it still holds (the rest is staked in the chef). */
  userShares: bigint;
  userHeldShares: bigint;
  masterChef: {
    address: Address;
    /** The vault's pool id in the chef (its only pool). */
    pid: bigint;
    rewarder: Address;
    rewardToken: TokenKey;
    rewarderToken: TokenKey;
    rewardPerSecond: bigint;
    rewarderPerSecond: bigint;
    stakedShares: bigint;
  } | null;
};

const defaults = {
  pool: 'WMATIC-USDC',
  baseTicksEachSide: 1_200,
  limitTicks: 600,
  // Worth about $10,000 and $12,000 at the world's price: the base position takes all the WMATIC and leaves
  // USDC over for the limit position.
  seed: { amountA: 20_000, amountB: 12_000 },
  userDepositA: 2_000,
  masterChef: {
    rewardToken: 'NEW_QUICK',
    rewardPerSecond: 10n ** 17n,
    rewarderToken: 'WMATIC',
    rewarderPerSecond: 10n ** 16n,
    rewardFunding: 1_000_000,
    rewarderFunding: 100_000,
    stakedPercent: 50,
  },
} as const satisfies Required<GammaVaultOptions>;

/**
 * Deploys a Gamma vault, compiled from Gamma's own sources, over one of the V3 world's Algebra pools, the way
 * Gamma's deploy tasks did (tasks/hypervisor.ts: deploy-hypervisor-orphan, then initialize-hypervisor): the
 * Hypervisor (owner the deployer), whose first deposit is the deployer's (whitelisted for it), then a rebalance
 * into a base range around the price and a limit range beside it (fee recipient the deployer), then a UniProxy
 * whitelisted on the hypervisor and given it with addPosition(hypervisor, 4). The user then deposits through
 * UniProxy in the ratio it accepts, so it holds shares; optionally it stakes part of them in a MasterChef whose
 * pool 0 is the vault, with a Rewarder paying a second token, both funded. No time passes after the stake.
 * @example
 * const vault = await deployGammaVault(anvil, world, v3World);
 * await anvil.client.readContract({ address: vault.hypervisor, abi: gammaHypervisor.abi, functionName: 'getTotalAmounts' });
 */
export async function deployGammaVault(
  anvil: Anvil,
  world: World,
  v3World: V3World,
  options: GammaVaultOptions = {},
): Promise<GammaVault> {
  const { pool: poolKey, baseTicksEachSide, limitTicks, seed, userDepositA } = { ...defaults, ...options };
  const masterChef = options.masterChef === undefined ? defaults.masterChef : options.masterChef;
  for (const ticks of [baseTicksEachSide, limitTicks]) {
    if (ticks <= 0 || ticks % TICK_SPACING !== 0) throw new Error(`${ticks} ticks: need a multiple of 60`);
  }
  const d = world.accounts.deployer.address;
  const user = world.accounts.user.address;
  const pool = v3World.pools[poolKey];
  const ordered = <T>(a: T, b: T): [T, T] =>
    world.tokens[pool.tokenA].address === pool.token0 ? [a, b] : [b, a];

  // deploy-hypervisor-orphan, then initialize-hypervisor's approval, whitelist and first deposit.
  const setUp = new TxSender(anvil);
  const symbol = `${world.tokens[pool.tokenA].symbol}-${world.tokens[pool.tokenB].symbol}`;
  const hypervisor = await setUp.deploy(
    d,
    gammaHypervisor,
    [pool.address, d, `Gamma ${symbol}`, `a${symbol}`],
    'Gamma hypervisor',
  );
  const [seed0, seed1] = ordered(
    tokenUnits(world, pool.tokenA, seed.amountA),
    tokenUnits(world, pool.tokenB, seed.amountB),
  );
  await fundPair(setUp, world, pool, d, seed0, seed1);
  await approveAll(setUp, d, [pool.token0, pool.token1], hypervisor);
  await setUp.call(d, hypervisor, gammaHypervisor.abi, 'setWhitelist', [d]);
  await setUp.call(d, hypervisor, gammaHypervisor.abi, 'deposit', [seed0, seed1, d, d, NO_MIN_AMOUNTS]);
  await setUp.assertAllSucceeded();

  // The rebalance: base around the price, limit on the side of what the base leaves over.
  const { tick, sqrtPriceX96 } = await readV3PoolPrice(anvil, pool.address);
  const floor = floorToSpacing(tick);
  const base = { tickLower: floor - baseTicksEachSide, tickUpper: floor + baseTicksEachSide };
  const limit =
    leftoverToken(sqrtPriceX96, base, seed0, seed1) === 1
      ? { tickLower: floor - limitTicks, tickUpper: floor }
      : { tickLower: floor + TICK_SPACING, tickUpper: floor + TICK_SPACING + limitTicks };
  const wiring = new TxSender(anvil);
  await wiring.call(d, hypervisor, gammaHypervisor.abi, 'rebalance', [
    base.tickLower,
    base.tickUpper,
    limit.tickLower,
    limit.tickUpper,
    d,
    NO_MIN_AMOUNTS,
    NO_MIN_AMOUNTS,
  ]);
  const uniProxy = await wiring.deploy(d, gammaUniProxy, [], 'Gamma UniProxy');
  await wiring.call(d, hypervisor, gammaHypervisor.abi, 'setWhitelist', [uniProxy]);
  await wiring.call(d, uniProxy, gammaUniProxy.abi, 'addPosition', [hypervisor, UNIPROXY_POSITION_VERSION]);
  await wiring.assertAllSucceeded();

  // The user's deposit through UniProxy (which has the hypervisor pull the tokens from the user).
  const depositA = tokenUnits(world, pool.tokenA, userDepositA);
  const tokenAAddress = world.tokens[pool.tokenA].address;
  const [start, end] = await anvil.client.readContract({
    address: uniProxy,
    abi: gammaUniProxy.abi,
    functionName: 'getDepositAmount',
    args: [hypervisor, tokenAAddress, depositA],
  });
  const [amount0, amount1] = ordered(depositA, (start + end) / 2n);
  const deposit = new TxSender(anvil);
  await fundPair(deposit, world, pool, user, amount0, amount1);
  await approveAll(deposit, user, [pool.token0, pool.token1], hypervisor);
  await deposit.call(user, uniProxy, gammaUniProxy.abi, 'deposit', [
    amount0,
    amount1,
    user,
    hypervisor,
    NO_MIN_AMOUNTS,
  ]);
  await deposit.assertAllSucceeded();
  const userShares = await anvil.client.readContract({
    address: hypervisor,
    abi: gammaHypervisor.abi,
    functionName: 'balanceOf',
    args: [user],
  });

  const chef = masterChef ? await stakeInMasterChef(anvil, world, hypervisor, userShares, masterChef) : null;
  return {
    pool: poolKey,
    poolAddress: pool.address,
    hypervisor,
    uniProxy,
    token0: pool.token0,
    token1: pool.token1,
    base,
    limit,
    userDeposit: { amount0, amount1 },
    userShares,
    userHeldShares: userShares - (chef?.stakedShares ?? 0n),
    masterChef: chef,
  };
}

/** Gives `to` amounts (base units) of a pool's token0 and token1. Sends only. */
async function fundPair(
  tx: TxSender,
  world: World,
  pool: V3WorldPool,
  to: Address,
  amount0: bigint,
  amount1: bigint,
): Promise<void> {
  const isAFirst = world.tokens[pool.tokenA].address === pool.token0;
  await fundToken(tx, world, pool.tokenA, to, isAFirst ? amount0 : amount1);
  await fundToken(tx, world, pool.tokenB, to, isAFirst ? amount1 : amount0);
}

/**
 * Which token a position in `range` at the pool's price leaves over from amount0 and amount1: the one that
 * alone would give more liquidity than the other (LiquidityAmounts.getLiquidityForAmount0 and ForAmount1).
 */
function leftoverToken(
  sqrtPriceX96: bigint,
  range: { tickLower: number; tickUpper: number },
  amount0: bigint,
  amount1: bigint,
): 0 | 1 {
  const sqrtLower = sqrtRatioAtTick(range.tickLower);
  const sqrtUpper = sqrtRatioAtTick(range.tickUpper);
  const liquidity0 = (((amount0 * sqrtPriceX96) / Q96) * sqrtUpper) / (sqrtUpper - sqrtPriceX96);
  const liquidity1 = (amount1 * Q96) / (sqrtPriceX96 - sqrtLower);
  return liquidity0 < liquidity1 ? 1 : 0;
}

/**
 * Gamma's MasterChef (reward `rewardToken`) with the vault as pool 0 and a Rewarder on it, both funded, and the
 * user's stake of `stakedPercent` of its shares. The Rewarder is added before the stake: the chef tells its
 * rewarders of a deposit, and a rewarder counts only deposits it was told of.
 */
async function stakeInMasterChef(
  anvil: Anvil,
  world: World,
  hypervisor: Address,
  userShares: bigint,
  options: MasterChefOptions,
): Promise<NonNullable<GammaVault['masterChef']>> {
  if (options.stakedPercent <= 0 || options.stakedPercent > 100)
    throw new Error(`stakedPercent ${options.stakedPercent}: need 0 < percent <= 100`);
  const d = world.accounts.deployer.address;
  const user = world.accounts.user.address;
  const pid = 0n;
  const allocPoint = 100n;
  const tx = new TxSender(anvil);
  const rewardToken = world.tokens[options.rewardToken].address;
  const chef = await tx.deploy(d, gammaMasterChef, [rewardToken], 'Gamma MasterChef');
  await tx.call(d, chef, gammaMasterChef.abi, 'setSushiPerSecond', [options.rewardPerSecond]);
  await tx.call(d, chef, gammaMasterChef.abi, 'add', [allocPoint, hypervisor]);
  const rewarder = await tx.deploy(
    d,
    gammaRewarder,
    [world.tokens[options.rewarderToken].address, options.rewarderPerSecond, chef],
    'Gamma rewarder',
  );
  await tx.call(d, rewarder, gammaRewarder.abi, 'add', [allocPoint, pid]);
  await tx.call(d, chef, gammaMasterChef.abi, 'addRewarder', [pid, rewarder]);
  await fundToken(
    tx,
    world,
    options.rewardToken,
    chef,
    tokenUnits(world, options.rewardToken, options.rewardFunding),
  );
  await fundToken(
    tx,
    world,
    options.rewarderToken,
    rewarder,
    tokenUnits(world, options.rewarderToken, options.rewarderFunding),
  );
  const stakedShares = (userShares * BigInt(Math.round(options.stakedPercent * 100))) / 10_000n;
  await tx.call(user, hypervisor, gammaHypervisor.abi, 'approve', [chef, maxUint256]);
  await tx.call(user, chef, gammaMasterChef.abi, 'deposit', [pid, stakedShares, user]);
  await tx.assertAllSucceeded();
  return {
    address: chef,
    pid,
    rewarder,
    rewardToken: options.rewardToken,
    rewarderToken: options.rewarderToken,
    rewardPerSecond: options.rewardPerSecond,
    rewarderPerSecond: options.rewarderPerSecond,
    stakedShares,
  };
}
