import { isDeepStrictEqual } from 'node:util';
import {
  gammaHypervisor,
  gammaMasterChef,
  gammaRewarder,
  gammaUniProxy,
  testErc20,
} from '@tidewatch/contracts';
import { type Address, domainSeparator, getAddress, type Hex, maxUint256 } from 'viem';
import type { Anvil } from '../anvil.ts';
import { copyContract } from './registry-farms.ts';
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
  /** The chef's own reward (its `SUSHI`), paid per second to the vault's pool (the only one with allocation). */
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
  /**
   * The Hypervisor's address, e.g. QuickSwap's published one (vault-registry.json's `address`): the vault is
   * deployed, then its runtime code and storage are copied there before anyone deposits (copyContract), and every
   * later step (whitelist, deposits, rebalance, UniProxy, MasterChef) runs against that address. It must be empty.
   */
  at?: Address;
  /** The MasterChef's address the same way (the registry's `staking.address`), copied before any pool is added. */
  masterChefAt?: Address;
  /**
   * The vault's pool id in the MasterChef (the registry's `staking.pid`). The chef numbers pools in the order
   * `add` lists them, so for a pid above 0 it first lists that many placeholder pools, each a fresh ERC-20 of its
   * own with no supply and allocation 0: the chef's whole rate still goes to the vault, as with pid 0. Default 0.
   */
  pid?: number;
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
    /** The vault's pool id in the chef (its only pool with allocation points). */
    pid: bigint;
    /** The placeholder pools' LP tokens, at pids 0 to pid - 1 (allocation 0, nothing staked); empty for pid 0. */
    placeholderLpTokens: Address[];
    rewarder: Address;
    rewardToken: TokenKey;
    rewarderToken: TokenKey;
    rewardPerSecond: bigint;
    rewarderPerSecond: bigint;
    stakedShares: bigint;
  } | null;
  /**
   * When `at`, `masterChefAt` or `pid` was given: the addresses the vault and its chef run at (the same as
   * `hypervisor` and `masterChef.address`), the vault's pid, and where each was deployed before its copy was
   * placed (the originals stay there, never used after). null when none was given.
   */
  placed: {
    hypervisor: Address;
    masterChef: Address | null;
    pid: bigint | null;
    deployedAt: { hypervisor: Address; masterChef: Address | null };
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
  pid: 0,
} as const satisfies Required<Omit<GammaVaultOptions, 'at' | 'masterChefAt'>>;

/**
 * Deploys a Gamma vault, compiled from Gamma's own sources, over one of the V3 world's Algebra pools, the way
 * Gamma's deploy tasks did (tasks/hypervisor.ts: deploy-hypervisor-orphan, then initialize-hypervisor): the
 * Hypervisor (owner the deployer), whose first deposit is the deployer's (whitelisted for it), then a rebalance
 * into a base range around the price and a limit range beside it (fee recipient the deployer), then a UniProxy
 * whitelisted on the hypervisor and given it with addPosition(hypervisor, 4). The user then deposits through
 * UniProxy in the ratio it accepts, so it holds shares; optionally it stakes part of them in a MasterChef whose
 * pool `pid` (0 by default) is the vault, with a Rewarder paying a second token, both funded. No time passes after
 * the stake. With `at` and `masterChefAt` the Hypervisor and the MasterChef run at given addresses (QuickSwap's
 * published ones): see placeHypervisor and placeContract for what the copy keeps and what is checked.
 * @example
 * const vault = await deployGammaVault(anvil, world, v3World);
 * await anvil.client.readContract({ address: vault.hypervisor, abi: gammaHypervisor.abi, functionName: 'getTotalAmounts' });
 * // At a vault of vault-registry.json and its MasterChef:
 * await deployGammaVault(anvil, world, v3World, { at: entry.address, masterChefAt: entry.staking.address, pid: entry.staking.pid });
 */
export async function deployGammaVault(
  anvil: Anvil,
  world: World,
  v3World: V3World,
  options: GammaVaultOptions = {},
): Promise<GammaVault> {
  const {
    pool: poolKey,
    baseTicksEachSide,
    limitTicks,
    seed,
    userDepositA,
    pid,
  } = { ...defaults, ...options };
  const masterChef = options.masterChef === undefined ? defaults.masterChef : options.masterChef;
  for (const ticks of [baseTicksEachSide, limitTicks]) {
    if (ticks <= 0 || ticks % TICK_SPACING !== 0) throw new Error(`${ticks} ticks: need a multiple of 60`);
  }
  if (!masterChef && (options.masterChefAt !== undefined || options.pid !== undefined))
    throw new Error('masterChefAt and pid need a MasterChef (masterChef is null)');
  if (!Number.isSafeInteger(pid) || pid < 0) throw new Error(`pid ${pid}: need an integer >= 0`);
  if (options.at && options.masterChefAt && getAddress(options.at) === getAddress(options.masterChefAt))
    throw new Error(`at and masterChefAt are both ${options.at}`);
  const d = world.accounts.deployer.address;
  const user = world.accounts.user.address;
  const pool = v3World.pools[poolKey];
  const ordered = <T>(a: T, b: T): [T, T] =>
    world.tokens[pool.tokenA].address === pool.token0 ? [a, b] : [b, a];

  // deploy-hypervisor-orphan, then initialize-hypervisor's approval, whitelist and first deposit.
  const setUp = new TxSender(anvil);
  const symbol = `${world.tokens[pool.tokenA].symbol}-${world.tokens[pool.tokenB].symbol}`;
  const deployedHypervisor = await setUp.deploy(
    d,
    gammaHypervisor,
    [pool.address, d, `Gamma ${symbol}`, `a${symbol}`],
    'Gamma hypervisor',
  );
  await setUp.assertAllSucceeded();
  // Placed before anything else touches it: its balances and allowances are mappings, which a copy leaves behind.
  const hypervisor = options.at
    ? await placeHypervisor(anvil, deployedHypervisor, options.at)
    : deployedHypervisor;
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

  const staked = masterChef
    ? await stakeInMasterChef(anvil, world, hypervisor, userShares, masterChef, pid, options.masterChefAt)
    : null;
  const chef = staked?.masterChef ?? null;
  const isPlaced =
    options.at !== undefined || options.masterChefAt !== undefined || options.pid !== undefined;
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
    placed: isPlaced
      ? {
          hypervisor,
          masterChef: chef?.address ?? null,
          pid: chef?.pid ?? null,
          deployedAt: { hypervisor: deployedHypervisor, masterChef: staked?.deployedAt ?? null },
        }
      : null,
  };
}

/**
 * Puts a deployed contract at `to` (which must hold no code) with copyContract: its runtime code, immutables
 * included, and its first storage slots, which hold every plain variable of Gamma's Hypervisor (slots 0 to 16)
 * and MasterChef (0 to 7). Mappings and array elements stay behind, so place a contract before anyone deposits
 * or a pool is added. `patchCode` may then rewrite the copied code (an immutable that hashed the old address).
 * Then checks the copy: every view without arguments reads the same at both addresses, except those in
 * `differ`, which must read the values given there. Returns `to`, checksummed.
 */
async function placeContract(
  anvil: Anvil,
  from: Address,
  to: Address,
  abi: readonly unknown[],
  differ: Record<string, unknown> = {},
  patchCode: (code: Hex) => Hex = (code) => code,
): Promise<Address> {
  const placed = getAddress(to);
  const existing = await anvil.client.getCode({ address: placed });
  if (existing && existing !== '0x')
    throw new Error(`${placed} already has code: place a contract only once`);
  await copyContract(anvil, from, placed);
  const code = await anvil.client.getCode({ address: placed });
  const patched = patchCode(code ?? '0x');
  if (patched !== code)
    await anvil.client.request({ method: 'anvil_setCode', params: [placed, patched] } as never);
  const views = (
    abi as { type: string; name?: string; inputs?: unknown[]; stateMutability?: string }[]
  ).filter(
    (item) =>
      item.type === 'function' &&
      item.inputs?.length === 0 &&
      (item.stateMutability === 'view' || item.stateMutability === 'pure'),
  );
  const read = async (address: Address, functionName: string) => {
    try {
      return await anvil.client.readContract({ address, abi, functionName } as never);
    } catch {
      return 'reverted';
    }
  };
  for (const { name } of views) {
    if (!name) continue;
    const atCopy = await read(placed, name);
    const expected = name in differ ? differ[name] : await read(from, name);
    if (!isDeepStrictEqual(atCopy, expected))
      throw new Error(
        `${name}() at ${placed} reads ${String(atCopy)}, not ${String(expected)} as at ${from}`,
      );
  }
  return placed;
}

/**
 * Places a Hypervisor at `to` (placeContract). What its construction left, and how the copy keeps it:
 * - pool, token0, token1, tickSpacing, owner, fee, deposit maxima, name, symbol, decimals and the reentrancy
 *   status are plain storage (not immutables in this version), in the copied slots; name and symbol fit in
 *   their slot (under 32 bytes), which the check of name() and symbol() confirms;
 * - the constructor approves nothing and calls the pool only to read it, so nothing outside records its address;
 * - its immutables are ERC20Permit's (EIP712: the hashed name and version, the type hashes, the chain id and the
 *   domain separator). All but the domain separator are the same at any address; the domain separator hashes
 *   `address(this)` of its construction, so the copied code would give the original's address to permit
 *   signatures. It is rewritten in the code to the one construction at `to` gives (DOMAIN_SEPARATOR() reads it),
 *   as deploying there would have.
 * deployGammaVault's test then deposits, rebalances, stakes, reads rewards, permits and withdraws at `to`.
 */
async function placeHypervisor(anvil: Anvil, from: Address, to: Address): Promise<Address> {
  const read = (functionName: 'name' | 'DOMAIN_SEPARATOR') =>
    anvil.client.readContract({ address: from, abi: gammaHypervisor.abi, functionName });
  const name = await read('name');
  const chainId = await anvil.client.getChainId();
  const separator = (verifyingContract: Address) =>
    domainSeparator({ domain: { name, version: '1', chainId, verifyingContract } });
  const original = await read('DOMAIN_SEPARATOR');
  if (original !== separator(from)) throw new Error(`the Hypervisor at ${from} has another domain separator`);
  const placedSeparator = separator(getAddress(to));
  return placeContract(
    anvil,
    from,
    to,
    gammaHypervisor.abi,
    { DOMAIN_SEPARATOR: placedSeparator },
    (code) => {
      const parts = code.toLowerCase().split(original.slice(2).toLowerCase());
      if (parts.length < 2) throw new Error(`no domain separator in the code of the Hypervisor at ${from}`);
      return parts.join(placedSeparator.slice(2)) as Hex;
    },
  );
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
 * Gamma's MasterChef (reward `rewardToken`) with the vault as pool `pid` (after `pid` placeholder pools) and a
 * Rewarder on it, both funded, and the user's stake of `stakedPercent` of its shares. With `at`, the chef is
 * placed there right after its deployment (placeContract: its only immutable, SUSHI, is the reward token, the
 * same anywhere; owner and the rest are plain storage), and the Rewarder is deployed for the placed chef (its
 * MASTERCHEF_V2 immutable and its approval of the reward token name that address). The Rewarder is added
 * before the stake: the chef tells its rewarders of a deposit, and a rewarder counts only deposits it was told of.
 */
async function stakeInMasterChef(
  anvil: Anvil,
  world: World,
  hypervisor: Address,
  userShares: bigint,
  options: MasterChefOptions,
  pidNumber: number,
  at: Address | undefined,
): Promise<{ masterChef: NonNullable<GammaVault['masterChef']>; deployedAt: Address }> {
  if (options.stakedPercent <= 0 || options.stakedPercent > 100)
    throw new Error(`stakedPercent ${options.stakedPercent}: need 0 < percent <= 100`);
  const d = world.accounts.deployer.address;
  const user = world.accounts.user.address;
  const pid = BigInt(pidNumber);
  const allocPoint = 100n;
  const tx = new TxSender(anvil);
  const rewardToken = world.tokens[options.rewardToken].address;
  const deployedAt = await tx.deploy(d, gammaMasterChef, [rewardToken], 'Gamma MasterChef');
  await tx.assertAllSucceeded();
  // Placed before any pool is added: poolInfo and lpToken are arrays, whose elements a copy leaves behind.
  const chef = at ? await placeContract(anvil, deployedAt, at, gammaMasterChef.abi) : deployedAt;
  await tx.call(d, chef, gammaMasterChef.abi, 'setSushiPerSecond', [options.rewardPerSecond]);
  const placeholderLpTokens: Address[] = [];
  for (let i = 0; i < pidNumber; i++) {
    const token = await tx.deploy(
      d,
      testErc20,
      [`Placeholder LP ${i}`, `PLP${i}`, 18],
      `placeholder LP ${i}`,
    );
    await tx.call(d, chef, gammaMasterChef.abi, 'add', [0n, token]);
    placeholderLpTokens.push(token);
  }
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
  const masterChef = {
    address: chef,
    pid,
    placeholderLpTokens,
    rewarder,
    rewardToken: options.rewardToken,
    rewarderToken: options.rewarderToken,
    rewardPerSecond: options.rewardPerSecond,
    rewarderPerSecond: options.rewarderPerSecond,
    stakedShares,
  };
  return { masterChef, deployedAt };
}
