import { readFileSync } from 'node:fs';
import {
  algebraPool,
  defiEdgeMiniChef,
  defiEdgeStrategy,
  ichiVault,
  steerStakingRewards,
  steerVault,
  testErc20,
} from '@tidewatch/contracts';
import { type Address, getAddress, type Hex, pad, toHex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Anvil, startAnvil } from './anvil.ts';
import {
  DEFIEDGE_MINICHEF_POLYGON_ADDRESS,
  DEFIEDGE_STRATEGY_POLYGON_ADDRESS,
  deployDefiEdgeStrategy,
  deployIchiVault,
  deploySteerVault,
  ICHI_VAULT_POLYGON_ADDRESS,
} from './index.ts';
import { deployQuickswapWorld } from './world/deploy.ts';
import type { World } from './world/types.ts';
import { deployV3World } from './world/v3-deploy.ts';
import { sqrtRatioAtTick } from './world/v3-math.ts';
import { readV3PoolPrice } from './world/v3-swap.ts';
import type { V3World } from './world/v3-types.ts';

/** A made-up address for the Steer vault (the person wiring the registry supplies the real one). */
const STEER_AT = '0x5Eeb0000000000000000000000000000000005Ee' as const;
const STEER_STAKING_AT = '0x5Eeb0000000000000000000000000000000057a4' as const;

let anvil: Anvil;
let world: World;
let v3World: V3World;

beforeAll(async () => {
  anvil = await startAnvil();
  world = await deployQuickswapWorld(anvil);
  v3World = await deployV3World(anvil, world);
});

afterAll(async () => {
  await anvil?.stop();
});

// biome-ignore lint/suspicious/noExplicitAny: one helper for several ABIs; each call site knows its result.
type Any = any;

function read(args: {
  address: Address;
  abi: readonly unknown[];
  functionName: string;
  args?: readonly unknown[];
}) {
  return anvil.client.readContract(args as Any) as Promise<Any>;
}

/** eth_call of a nonpayable function (DefiEdge's getAUMWithFees), as a tracker reads it. */
async function simulate(args: {
  account: Address;
  address: Address;
  abi: readonly unknown[];
  functionName: string;
  args?: readonly unknown[];
}): Promise<Any> {
  return (await anvil.client.simulateContract(args as Any)).result;
}

/** Sends a transaction from an unlocked account, expects success, and returns what it returned (simulated first). */
async function send(args: {
  account: Address;
  address: Address;
  abi: readonly unknown[];
  functionName: string;
  args: readonly unknown[];
}): Promise<Any> {
  const result = await simulate(args);
  // The estimate + 20 %, as the app sends: a vault's reads of its pool's time-weighted price cost more gas at the
  // mined block's later timestamp than at the estimate's (seen as a withdrawal out of gas about 1 run in 4).
  const estimate = await anvil.client.estimateContractGas(args as Any);
  const gas = (estimate * 12n) / 10n;
  const hash = await anvil.client.writeContract({ ...args, gas, chain: anvil.client.chain } as Any);
  expect((await anvil.client.waitForTransactionReceipt({ hash })).status, args.functionName).toBe('success');
  return result;
}

const balanceOf = (token: Address, owner: Address): Promise<bigint> =>
  read({ address: token, abi: testErc20.abi, functionName: 'balanceOf', args: [owner] });

// ---- ABI coverage ----

type AbiParam = { type: string; components?: readonly AbiParam[]; indexed?: boolean };
type AbiItem = {
  type: string;
  name?: string;
  inputs?: readonly AbiParam[];
  outputs?: readonly AbiParam[];
  stateMutability?: string;
};

const typeOf = (param: AbiParam): string =>
  param.type.startsWith('tuple')
    ? `(${(param.components ?? []).map(typeOf).join(',')})${param.type.slice('tuple'.length)}`
    : param.type;

/** Each function as `name(inputs)->(outputs) mutability`, each event as `event name(types, indexed marked)`. */
function signatures(abi: readonly AbiItem[]): string[] {
  return abi.flatMap((item) => {
    if (item.type === 'function')
      return [
        `${item.name}(${(item.inputs ?? []).map(typeOf)})->(${(item.outputs ?? []).map(typeOf)}) ${item.stateMutability}`,
      ];
    if (item.type === 'event')
      return [
        `event ${item.name}(${(item.inputs ?? []).map((input) => `${typeOf(input)}${input.indexed ? ' indexed' : ''}`)})`,
      ];
    return [];
  });
}

const interfaceV2Abi = (file: string): AbiItem[] =>
  JSON.parse(readFileSync(new URL(`../../../docs/quickswap-vault-abis/${file}`, import.meta.url), 'utf8'));

describe("the vault managers' contracts", () => {
  it.each([
    ['steerVault', 'steer-vault.json', steerVault.abi, []],
    ['steerStakingRewards', 'steer-staking.json', steerStakingRewards.abi, []],
    ['ichiVault', 'ichi-vault.json', ichiVault.abi, []],
    [
      'defiEdgeStrategy',
      'defiedge-strategy.json',
      defiEdgeStrategy.abi,
      // An Algebra pool calls this where a Uniswap V3 pool calls uniswapV3MintCallback (in the file, and kept).
      ['algebraMintCallback(uint256,uint256,bytes)->() nonpayable'],
    ],
    ['defiEdgeMiniChef', 'defiedge-minichef.json', defiEdgeMiniChef.abi, []],
  ] as const)(
    "%s has every function and event of interface-v2's %s, types and mutability included, and only the extras named",
    (_, file, abi, extras) => {
      const compiled = signatures(abi as readonly AbiItem[]);
      const expected = signatures(interfaceV2Abi(file));
      expect(expected.length).toBeGreaterThan(10);
      expect(expected.filter((signature) => !compiled.includes(signature))).toEqual([]);
      expect(compiled.filter((signature) => !expected.includes(signature))).toEqual(extras);
    },
  );
});

// ---- Behaviour ----

const Q96 = 1n << 96n;

/** LiquidityAmounts.getAmountsForLiquidity in bigint. */
function amountsForLiquidity(
  sqrtPriceX96: bigint,
  tickLower: number,
  tickUpper: number,
  liquidity: bigint,
): [bigint, bigint] {
  const lower = sqrtRatioAtTick(tickLower);
  const upper = sqrtRatioAtTick(tickUpper);
  const amount0 = (a: bigint, b: bigint) => ((liquidity << 96n) * (b - a)) / b / a;
  const amount1 = (a: bigint, b: bigint) => (liquidity * (b - a)) / Q96;
  if (sqrtPriceX96 <= lower) return [amount0(lower, upper), 0n];
  if (sqrtPriceX96 < upper) return [amount0(sqrtPriceX96, upper), amount1(lower, sqrtPriceX96)];
  return [0n, amount1(lower, upper)];
}

/** Algebra V1's position key: (owner << 48) | (tickLower << 24) | tickUpper, ticks as 24 bits. */
function positionKey(owner: Address, tickLower: number, tickUpper: number): Hex {
  const bits24 = (tick: number) => BigInt(tick) & 0xffffffn;
  return pad(toHex((BigInt(owner) << 48n) | (bits24(tickLower) << 24n) | bits24(tickUpper)), { size: 32 });
}

type Range = { tickLower: number; tickUpper: number };

/** What `owner` holds, from the pool's position reads at the pool's price and the tokens' balances. */
async function holdingsFromPool(
  poolAddress: Address,
  owner: Address,
  ranges: readonly Range[],
  tokens: [Address, Address],
) {
  const { sqrtPriceX96 } = await readV3PoolPrice(anvil, poolAddress);
  const positions = await Promise.all(
    ranges.map(async (range) => {
      const [liquidity, , , , fees0, fees1]: [bigint, number, bigint, bigint, bigint, bigint] = await read({
        address: poolAddress,
        abi: algebraPool.abi,
        functionName: 'positions',
        args: [positionKey(owner, range.tickLower, range.tickUpper)],
      });
      const [amount0, amount1] = amountsForLiquidity(
        sqrtPriceX96,
        range.tickLower,
        range.tickUpper,
        liquidity,
      );
      return { liquidity, amount0, amount1, fees0, fees1 };
    }),
  );
  const idle0 = await balanceOf(tokens[0], owner);
  const idle1 = await balanceOf(tokens[1], owner);
  const sum = (pick: (position: (typeof positions)[number]) => bigint) =>
    positions.reduce((total, position) => total + pick(position), 0n);
  return {
    positions,
    idle0,
    idle1,
    fees0: sum((position) => position.fees0),
    fees1: sum((position) => position.fees1),
    total0: idle0 + sum((position) => position.amount0 + position.fees0),
    total1: idle1 + sum((position) => position.amount1 + position.fees1),
  };
}

/** Withdraws all `shares` and checks the user got `shares` / supply of `total` (less rounding) and holds none. */
async function expectPaidItsPart(
  paid: readonly [bigint, bigint],
  received: readonly [bigint, bigint],
  total: readonly [bigint, bigint],
  shares: bigint,
  supply: bigint,
) {
  expect(received).toEqual(paid);
  for (const i of [0, 1] as const) {
    const part = (total[i] * shares) / supply;
    // Burning rounds the liquidity down (liquidity × shares / supply), and its amounts are rounded down: the user
    // gets its part less a tiny fraction.
    expect(paid[i] <= part + 1n).toBe(true);
    expect(Number(part - paid[i]) / Number(part), `token${i}: paid ${paid[i]}, part ${part}`).toBeLessThan(
      1e-9,
    );
  }
}

describe('deploySteerVault', () => {
  it('places the vault and its staking pool, tends into positions, and the user deposits, stakes, earns, exits and withdraws', async () => {
    const user = world.accounts.user.address;
    const steer = await deploySteerVault(anvil, world, v3World, {
      at: STEER_AT,
      stakingAt: STEER_STAKING_AT,
    });
    const staking = steer.staking;
    if (!staking) throw new Error('staking is on by default');
    expect(steer.vault).toBe(getAddress(STEER_AT));
    expect(staking.address).toBe(getAddress(STEER_STAKING_AT));
    const atVault = (functionName: string, args?: readonly unknown[]) =>
      read({ address: steer.vault, abi: steerVault.abi, functionName, args });
    expect(await atVault('pool')).toBe(steer.poolAddress);
    expect([await atVault('token0'), await atVault('token1')]).toEqual([steer.token0, steer.token1]);
    expect(await atVault('decimals')).toBe(18);
    expect(await atVault('getPositions')).toEqual([
      steer.positions.map((range) => range.tickLower),
      steer.positions.map((range) => range.tickUpper),
      steer.positions.map((range) => range.weight),
    ]);

    // getTotalAmounts: idle + positions at the pool's price + owed fees (less Steer's 15 %; none yet).
    const holdings = await holdingsFromPool(steer.poolAddress, steer.vault, steer.positions, [
      steer.token0,
      steer.token1,
    ]);
    expect(holdings.positions.every((position) => position.liquidity > 0n)).toBe(true);
    expect(holdings.idle0 > 0n && holdings.idle1 > 0n).toBe(true);
    expect(holdings.fees0 + holdings.fees1).toBe(0n);
    expect(await atVault('getTotalAmounts')).toEqual([holdings.total0, holdings.total1]);

    // Shares: held and staked.
    expect(steer.userShares > 0n && steer.userDeposit.amount0 > 0n && steer.userDeposit.amount1 > 0n).toBe(
      true,
    );
    expect(await atVault('balanceOf', [user])).toBe(steer.userHeldShares);
    const atStaking = (functionName: string, args?: readonly unknown[]) =>
      read({ address: staking.address, abi: steerStakingRewards.abi, functionName, args });
    expect(await atStaking('balanceOf', [user])).toBe(staking.stakedShares);
    expect(await atStaking('stakingToken')).toBe(steer.vault);
    expect(await atStaking('rewardsToken')).toBe(staking.rewardTokenAddress);
    expect(staking.rewardPerSecond).toBe(10n ** 16n);
    expect(await atStaking('periodFinish')).toBe(staking.periodFinish);

    // Rewards accrue: the user is the only staker.
    const { timestamp: stakedAt } = await anvil.client.getBlock();
    await anvil.increaseTime(600);
    const earned: bigint = await atStaking('earned', [user]);
    expect(earned > 0n).toBe(true);
    const { timestamp } = await anvil.client.getBlock();
    expect(earned <= staking.rewardPerSecond * (timestamp - stakedAt + 1n)).toBe(true);

    // exit: the shares come back with the rewards.
    const rewardBefore = await balanceOf(staking.rewardTokenAddress, user);
    await send({
      account: user,
      address: staking.address,
      abi: steerStakingRewards.abi,
      functionName: 'exit',
      args: [],
    });
    expect(await atStaking('balanceOf', [user])).toBe(0n);
    expect((await balanceOf(staking.rewardTokenAddress, user)) - rewardBefore >= earned).toBe(true);
    expect(await atVault('balanceOf', [user])).toBe(steer.userShares);

    // Withdraw every share: the user's part of getTotalAmounts.
    const supply: bigint = await atVault('totalSupply');
    const total: [bigint, bigint] = await atVault('getTotalAmounts');
    const before = [await balanceOf(steer.token0, user), await balanceOf(steer.token1, user)] as const;
    const paid: [bigint, bigint] = await send({
      account: user,
      address: steer.vault,
      abi: steerVault.abi,
      functionName: 'withdraw',
      args: [steer.userShares, 0n, 0n, user],
    });
    const received = [
      (await balanceOf(steer.token0, user)) - before[0],
      (await balanceOf(steer.token1, user)) - before[1],
    ] as const;
    await expectPaidItsPart(paid, received, total, steer.userShares, supply);
    expect(await atVault('balanceOf', [user])).toBe(0n);
  });
});

describe('deployIchiVault', () => {
  it("places the vault at QuickSwap's address, rebalances into base and limit, and the user's single-token deposit and withdrawal work", async () => {
    const user = world.accounts.user.address;
    const ichi = await deployIchiVault(anvil, world, v3World);
    expect(ichi.vault).toBe(getAddress(ICHI_VAULT_POLYGON_ADDRESS));
    const atVault = (functionName: string, args?: readonly unknown[]) =>
      read({ address: ichi.vault, abi: ichiVault.abi, functionName, args });
    expect(await atVault('owner')).toBe(world.accounts.deployer.address);
    expect(await atVault('pool')).toBe(ichi.poolAddress);
    expect([await atVault('allowToken0'), await atVault('allowToken1')]).toEqual([
      ichi.allowToken0,
      ichi.allowToken1,
    ]);
    expect(ichi.allowToken0 !== ichi.allowToken1).toBe(true);
    expect([
      await atVault('baseLower'),
      await atVault('baseUpper'),
      await atVault('limitLower'),
      await atVault('limitUpper'),
    ]).toEqual([ichi.base.tickLower, ichi.base.tickUpper, ichi.limit.tickLower, ichi.limit.tickUpper]);
    expect(await atVault('currentTick')).toBe((await readV3PoolPrice(anvil, ichi.poolAddress)).tick);

    const holdings = await holdingsFromPool(
      ichi.poolAddress,
      ichi.vault,
      [ichi.base, ichi.limit],
      [ichi.token0, ichi.token1],
    );
    const [base, limit] = holdings.positions;
    if (!base || !limit) throw new Error('two positions');
    expect(base.liquidity > 0n && limit.liquidity > 0n).toBe(true);
    expect(await atVault('getBasePosition')).toEqual([
      base.liquidity,
      base.amount0 + base.fees0,
      base.amount1 + base.fees1,
    ]);
    expect(await atVault('getLimitPosition')).toEqual([
      limit.liquidity,
      limit.amount0 + limit.fees0,
      limit.amount1 + limit.fees1,
    ]);
    expect(await atVault('getTotalAmounts')).toEqual([holdings.total0, holdings.total1]);
    // The user's deposit is idle and of the allowed token only.
    expect(ichi.allowToken0 ? ichi.userDeposit.amount1 : ichi.userDeposit.amount0).toBe(0n);
    expect(holdings.idle0 >= ichi.userDeposit.amount0 && holdings.idle1 >= ichi.userDeposit.amount1).toBe(
      true,
    );
    expect(ichi.userShares > 0n).toBe(true);
    expect(await atVault('balanceOf', [user])).toBe(ichi.userShares);

    // A deposit of the other token is refused.
    await expect(
      simulate({
        account: user,
        address: ichi.vault,
        abi: ichiVault.abi,
        functionName: 'deposit',
        args: ichi.allowToken0 ? [0n, 1n, user] : [1n, 0n, user],
      }),
    ).rejects.toThrow(/not allowed/);

    const supply: bigint = await atVault('totalSupply');
    const total: [bigint, bigint] = await atVault('getTotalAmounts');
    const before = [await balanceOf(ichi.token0, user), await balanceOf(ichi.token1, user)] as const;
    const paid: [bigint, bigint] = await send({
      account: user,
      address: ichi.vault,
      abi: ichiVault.abi,
      functionName: 'withdraw',
      args: [ichi.userShares, user],
    });
    const received = [
      (await balanceOf(ichi.token0, user)) - before[0],
      (await balanceOf(ichi.token1, user)) - before[1],
    ] as const;
    await expectPaidItsPart(paid, received, total, ichi.userShares, supply);
    expect(await atVault('balanceOf', [user])).toBe(0n);
  });
});

describe('deployDefiEdgeStrategy', () => {
  it("places the strategy and Sushi's MiniChefV2 at QuickSwap's addresses: mint, getAUMWithFees, stake, pendingSushi, withdrawAndHarvest and burn work", async () => {
    const user = world.accounts.user.address;
    const edge = await deployDefiEdgeStrategy(anvil, world, v3World, {
      pool: 'WETH-USDC',
      seed: { amountA: 5, amountB: 12_000 },
      userDepositA: 1,
    });
    const chef = edge.miniChef;
    if (!chef) throw new Error('the MiniChef is on by default');
    expect(edge.strategy).toBe(getAddress(DEFIEDGE_STRATEGY_POLYGON_ADDRESS));
    expect(chef.address).toBe(getAddress(DEFIEDGE_MINICHEF_POLYGON_ADDRESS));
    expect(chef.pid).toBe(0n);
    const atStrategy = (functionName: string, args?: readonly unknown[]) =>
      read({ address: edge.strategy, abi: defiEdgeStrategy.abi, functionName, args });
    expect(await atStrategy('pool')).toBe(edge.poolAddress);
    expect(await atStrategy('manager')).toBe(world.accounts.deployer.address);
    expect(edge.ticks).toHaveLength(2);
    expect(await atStrategy('ticks', [0n])).toEqual([edge.ticks[0]?.tickLower, edge.ticks[0]?.tickUpper]);

    // getAUMWithFees (eth_call, as trackers read it): idle + each range at the pool's price (+ fees: none yet).
    const holdings = await holdingsFromPool(edge.poolAddress, edge.strategy, edge.ticks, [
      edge.token0,
      edge.token1,
    ]);
    expect(holdings.positions.every((position) => position.liquidity > 0n)).toBe(true);
    expect(holdings.idle0 > 0n && holdings.idle1 > 0n).toBe(true);
    for (const includeFee of [true, false]) {
      expect(
        await simulate({
          account: user,
          address: edge.strategy,
          abi: defiEdgeStrategy.abi,
          functionName: 'getAUMWithFees',
          args: [includeFee],
        }),
      ).toEqual([holdings.total0, holdings.total1, 0n, 0n]);
    }
    expect(edge.userShares > 0n && edge.userDeposit.amount0 > 0n && edge.userDeposit.amount1 > 0n).toBe(true);

    // Staked in the chef; pendingSushi grows at the chef's whole rate.
    const atChef = (functionName: string, args?: readonly unknown[]) =>
      read({ address: chef.address, abi: defiEdgeMiniChef.abi, functionName, args });
    expect(await atChef('lpToken', [chef.pid])).toBe(edge.strategy);
    expect(await atChef('SUSHI')).toBe(chef.rewardTokenAddress);
    expect((await atChef('userInfo', [chef.pid, user]))[0]).toBe(chef.stakedShares);
    expect(await atStrategy('balanceOf', [user])).toBe(edge.userHeldShares);
    await anvil.increaseTime(600);
    const [, lastRewardTime] = await atChef('poolInfo', [chef.pid]);
    const { timestamp } = await anvil.client.getBlock();
    const pending: bigint = await atChef('pendingSushi', [chef.pid, user]);
    expect(pending > 0n).toBe(true);
    expect(pending).toBe(
      (chef.stakedShares *
        ((chef.rewardPerSecond * (timestamp - BigInt(lastRewardTime)) * 10n ** 12n) / chef.stakedShares)) /
        10n ** 12n,
    );

    const rewardBefore = await balanceOf(chef.rewardTokenAddress, user);
    await send({
      account: user,
      address: chef.address,
      abi: defiEdgeMiniChef.abi,
      functionName: 'withdrawAndHarvest',
      args: [chef.pid, chef.stakedShares, user],
    });
    expect((await atChef('userInfo', [chef.pid, user]))[0]).toBe(0n);
    expect((await balanceOf(chef.rewardTokenAddress, user)) - rewardBefore >= pending).toBe(true);
    expect(await atStrategy('balanceOf', [user])).toBe(edge.userShares);

    // Burn every share: the user's part of the holdings.
    const supply: bigint = await atStrategy('totalSupply');
    const [total0, total1]: [bigint, bigint] = await simulate({
      account: user,
      address: edge.strategy,
      abi: defiEdgeStrategy.abi,
      functionName: 'getAUMWithFees',
      args: [true],
    });
    const before = [await balanceOf(edge.token0, user), await balanceOf(edge.token1, user)] as const;
    const paid: [bigint, bigint] = await send({
      account: user,
      address: edge.strategy,
      abi: defiEdgeStrategy.abi,
      functionName: 'burn',
      args: [edge.userShares, 0n, 0n],
    });
    const received = [
      (await balanceOf(edge.token0, user)) - before[0],
      (await balanceOf(edge.token1, user)) - before[1],
    ] as const;
    await expectPaidItsPart(paid, received, [total0, total1], edge.userShares, supply);
    expect(await atStrategy('balanceOf', [user])).toBe(0n);
  });
});
