import { readFileSync } from 'node:fs';
import {
  algebraPool,
  gammaHypervisor,
  gammaMasterChef,
  gammaRewarder,
  gammaUniProxy,
  testErc20,
} from '@tidewatch/contracts';
import { type Address, domainSeparator, getAddress, type Hex, pad, parseSignature, toHex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Anvil, startAnvil } from './anvil.ts';
import { deployGammaVault } from './index.ts';
import { deployQuickswapWorld } from './world/deploy.ts';
import type { GammaVault } from './world/gamma-deploy.ts';
import type { World } from './world/types.ts';
import { deployV3World } from './world/v3-deploy.ts';
import { sqrtRatioAtTick } from './world/v3-math.ts';
import { readV3PoolPrice } from './world/v3-swap.ts';
import type { V3World } from './world/v3-types.ts';

let anvil: Anvil;
let world: World;
let v3World: V3World;
let vault: GammaVault;

beforeAll(async () => {
  anvil = await startAnvil();
  world = await deployQuickswapWorld(anvil);
  v3World = await deployV3World(anvil, world);
  const started = performance.now();
  vault = await deployGammaVault(anvil, world, v3World);
  console.info(`Gamma vault deploy ${Math.round(performance.now() - started)} ms`);
});

afterAll(async () => {
  await anvil?.stop();
});

/** readContract on the test's node; each call site knows what its function returns. */
function read(args: {
  address: Address;
  abi: readonly unknown[];
  functionName: string;
  args?: readonly unknown[];
}) {
  // biome-ignore lint/suspicious/noExplicitAny: one helper for several ABIs; each call site knows its result.
  return anvil.client.readContract(args as any) as Promise<any>;
}

const Q96 = 1n << 96n;

/** LiquidityAmounts.getAmountsForLiquidity (Uniswap V3 periphery, which Gamma's Hypervisor calls), in bigint. */
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

/** An Algebra V1 pool's key of a position: (owner << 48) | (tickLower << 24) | tickUpper, ticks as 24 bits. */
function positionKey(owner: Address, tickLower: number, tickUpper: number): Hex {
  const bits24 = (tick: number) => BigInt(tick) & 0xffffffn;
  return pad(toHex((BigInt(owner) << 48n) | (bits24(tickLower) << 24n) | bits24(tickUpper)), { size: 32 });
}

/**
 * What the vault holds, read from the pool and the tokens rather than from the Hypervisor: each position's
 * amounts at the pool's price plus the fees the pool owes it, and the tokens idle in the vault.
 */
async function vaultHoldingsFromPool(of: GammaVault = vault) {
  const { sqrtPriceX96 } = await readV3PoolPrice(anvil, of.poolAddress);
  const position = async (range: { tickLower: number; tickUpper: number }) => {
    const [liquidity, , , , fees0, fees1]: [bigint, number, bigint, bigint, bigint, bigint] = await read({
      address: of.poolAddress,
      abi: algebraPool.abi,
      functionName: 'positions',
      args: [positionKey(of.hypervisor, range.tickLower, range.tickUpper)],
    });
    const [amount0, amount1] = amountsForLiquidity(sqrtPriceX96, range.tickLower, range.tickUpper, liquidity);
    return { liquidity, amount0: amount0 + fees0, amount1: amount1 + fees1 };
  };
  const idle = async (token: Address): Promise<bigint> =>
    read({ address: token, abi: testErc20.abi, functionName: 'balanceOf', args: [of.hypervisor] });
  const base = await position(of.base);
  const limit = await position(of.limit);
  const idle0 = await idle(of.token0);
  const idle1 = await idle(of.token1);
  return {
    base,
    limit,
    idle0,
    idle1,
    total0: base.amount0 + limit.amount0 + idle0,
    total1: base.amount1 + limit.amount1 + idle1,
  };
}

const hypervisorRead = (functionName: string, args?: readonly unknown[]) =>
  read({ address: vault.hypervisor, abi: gammaHypervisor.abi, functionName, args });

type AbiItem = { type: string; name?: string; inputs?: readonly { type: string }[] };

/** The functions of an ABI as `name(type,…)`. */
function functionSignatures(abi: readonly AbiItem[]): string[] {
  return abi
    .filter((item) => item.type === 'function')
    .map((item) => `${item.name}(${(item.inputs ?? []).map((input) => input.type).join(',')})`);
}

const interfaceV2Abi = (file: string): AbiItem[] =>
  JSON.parse(readFileSync(new URL(`../../../docs/quickswap-vault-abis/${file}`, import.meta.url), 'utf8'));

describe("Gamma's contracts compiled from Gamma's source", () => {
  it("have every function QuickSwap's interface-v2 calls them with: the Hypervisor, MasterChef and Rewarder all of their ABI files, UniProxy the deposit it sends", () => {
    const hypervisorNames = new Set<string>(
      gammaHypervisor.abi.flatMap((item) => (item.type === 'function' ? [item.name] : [])),
    );
    const interfaceNames = interfaceV2Abi('gamma-hypervisor.json').flatMap((item) =>
      item.type === 'function' ? [item.name] : [],
    );
    expect(interfaceNames.length).toBeGreaterThan(40);
    expect(interfaceNames.filter((name) => !hypervisorNames.has(name ?? ''))).toEqual([]);
    // With their argument types too, for each contract and its file.
    for (const [abi, file] of [
      [gammaHypervisor.abi, 'gamma-hypervisor.json'],
      [gammaMasterChef.abi, 'gamma-masterchef.json'],
      [gammaRewarder.abi, 'gamma-rewarder.json'],
    ] as const) {
      expect(functionSignatures(abi), file).toEqual(
        expect.arrayContaining(functionSignatures(interfaceV2Abi(file))),
      );
    }
    // gamma-uniproxy1.json is a later UniProxy (a clearance contract); the two calls the app makes match.
    const uniProxyCalls = functionSignatures(interfaceV2Abi('gamma-uniproxy1.json')).filter((signature) =>
      /^(deposit|getDepositAmount)\(/.test(signature),
    );
    expect(uniProxyCalls).toHaveLength(2);
    expect(functionSignatures(gammaUniProxy.abi)).toEqual(expect.arrayContaining(uniProxyCalls));
  });
});

describe('deployGammaVault', () => {
  it('wires the vault as Gamma did: the deployer owns it, UniProxy is its whitelisted depositor with the hypervisor added, and its ranges are the ones returned', async () => {
    expect(await hypervisorRead('owner')).toBe(world.accounts.deployer.address);
    expect(await hypervisorRead('whitelistedAddress')).toBe(vault.uniProxy);
    expect(await hypervisorRead('defaultRecipient')).toBe(world.accounts.deployer.address);
    expect(await hypervisorRead('pool')).toBe(v3World.pools[vault.pool].address);
    expect([await hypervisorRead('token0'), await hypervisorRead('token1')]).toEqual([
      vault.token0,
      vault.token1,
    ]);
    const [version] = await read({
      address: vault.uniProxy,
      abi: gammaUniProxy.abi,
      functionName: 'positions',
      args: [vault.hypervisor],
    });
    expect(version).toBe(4);
    expect([
      await hypervisorRead('baseLower'),
      await hypervisorRead('baseUpper'),
      await hypervisorRead('limitLower'),
      await hypervisorRead('limitUpper'),
    ]).toEqual([vault.base.tickLower, vault.base.tickUpper, vault.limit.tickLower, vault.limit.tickUpper]);
    // The base range straddles the price; the limit range lies beside it, holding one token only.
    const { tick } = await readV3PoolPrice(anvil, vault.poolAddress);
    expect(vault.base.tickLower < tick && tick < vault.base.tickUpper).toBe(true);
    expect(vault.limit.tickUpper <= tick || vault.limit.tickLower > tick).toBe(true);
  });

  it("puts liquidity in both positions and reports the pool's positions plus its idle tokens as getTotalAmounts", async () => {
    const fromPool = await vaultHoldingsFromPool();
    expect(fromPool.base.liquidity > 0n).toBe(true);
    expect(fromPool.limit.liquidity > 0n).toBe(true);
    // The user's deposit went through UniProxy and stays idle: directDeposit is off.
    expect(await hypervisorRead('directDeposit')).toBe(false);
    expect(fromPool.idle0 >= vault.userDeposit.amount0).toBe(true);
    expect(fromPool.idle1 >= vault.userDeposit.amount1).toBe(true);

    expect(await hypervisorRead('getBasePosition')).toEqual([
      fromPool.base.liquidity,
      fromPool.base.amount0,
      fromPool.base.amount1,
    ]);
    expect(await hypervisorRead('getLimitPosition')).toEqual([
      fromPool.limit.liquidity,
      fromPool.limit.amount0,
      fromPool.limit.amount1,
    ]);
    expect(await hypervisorRead('getTotalAmounts')).toEqual([fromPool.total0, fromPool.total1]);
  });

  it("gives the user shares, part staked in the MasterChef, and balanceOf and totalSupply add up to the user's share of the vault", async () => {
    const chef = vault.masterChef;
    if (!chef) throw new Error('the default vault has a MasterChef');
    const user = world.accounts.user.address;
    const deployer = world.accounts.deployer.address;
    const held: bigint = await hypervisorRead('balanceOf', [user]);
    const inChef: bigint = await hypervisorRead('balanceOf', [chef.address]);
    const [staked]: [bigint, bigint] = await read({
      address: chef.address,
      abi: gammaMasterChef.abi,
      functionName: 'userInfo',
      args: [chef.pid, user],
    });
    expect(held).toBe(vault.userHeldShares);
    expect(staked).toBe(chef.stakedShares);
    expect(inChef).toBe(chef.stakedShares);
    expect(held > 0n && staked > 0n).toBe(true);
    expect(held + staked).toBe(vault.userShares);
    const supply: bigint = await hypervisorRead('totalSupply');
    expect(supply).toBe((await hypervisorRead('balanceOf', [deployer])) + held + inChef);
    expect(await hypervisorRead('decimals')).toBe(18);

    // The user's amounts as a tracker computes them: total × (held + staked) / totalSupply. They are close to what
    // it deposited (UniProxy's ratio is the vault's, and deposits are priced at the pool's price).
    const { total0, total1 } = await vaultHoldingsFromPool();
    const user0 = (total0 * (held + staked)) / supply;
    const user1 = (total1 * (held + staked)) / supply;
    const near = (actual: bigint, expected: bigint) =>
      expect(Number(actual) / Number(expected)).toBeCloseTo(1, 1);
    near(user0, vault.userDeposit.amount0);
    near(user1, vault.userDeposit.amount1);
  });

  it('pays MasterChef and Rewarder rewards that grow with time, as their per-second rates say', async () => {
    const chef = vault.masterChef;
    if (!chef) throw new Error('the default vault has a MasterChef');
    const user = world.accounts.user.address;
    expect(
      await read({
        address: chef.address,
        abi: gammaMasterChef.abi,
        functionName: 'lpToken',
        args: [chef.pid],
      }),
    ).toBe(vault.hypervisor);
    expect(
      await read({
        address: chef.address,
        abi: gammaMasterChef.abi,
        functionName: 'getRewarder',
        args: [chef.pid, 0n],
      }),
    ).toBe(chef.rewarder);
    expect(await read({ address: chef.rewarder, abi: gammaRewarder.abi, functionName: 'rewardToken' })).toBe(
      world.tokens[chef.rewarderToken].address,
    );

    const pending = async () => {
      const block = await anvil.client.getBlock();
      const sushi: bigint = await read({
        address: chef.address,
        abi: gammaMasterChef.abi,
        functionName: 'pendingSushi',
        args: [chef.pid, user],
      });
      const token: bigint = await read({
        address: chef.rewarder,
        abi: gammaRewarder.abi,
        functionName: 'pendingToken',
        args: [chef.pid, user],
      });
      return { sushi, token, timestamp: block.timestamp };
    };
    const before = await pending();
    await anvil.increaseTime(3_600);
    const after = await pending();
    expect(after.sushi > before.sushi).toBe(true);
    expect(after.token > before.token).toBe(true);

    // The user is the only staker, staked when nothing had accrued: pending = staked × acc / 1e12, with acc the
    // rate × seconds since the stake × 1e12 / staked (each rounded down), as the contracts compute it.
    const [, stakedAt]: [bigint, bigint, bigint] = await read({
      address: chef.address,
      abi: gammaMasterChef.abi,
      functionName: 'poolInfo',
      args: [chef.pid],
    });
    const expected = (rate: bigint, timestamp: bigint) =>
      (chef.stakedShares * ((rate * (timestamp - stakedAt) * 10n ** 12n) / chef.stakedShares)) / 10n ** 12n;
    expect(after.sushi).toBe(expected(chef.rewardPerSecond, after.timestamp));
    expect(after.token).toBe(expected(chef.rewarderPerSecond, after.timestamp));
    const [tokens, amounts] = await read({
      address: chef.rewarder,
      abi: gammaRewarder.abi,
      functionName: 'pendingTokens',
      args: [chef.pid, user, 0n],
    });
    expect([tokens, amounts]).toEqual([[world.tokens[chef.rewarderToken].address], [after.token]]);
  });

  it("withdraws the user's held shares for its share of each position and of the idle tokens", async () => {
    const user = world.accounts.user.address;
    const shares = vault.userHeldShares;
    const supplyBefore: bigint = await hypervisorRead('totalSupply');
    const holdings = await vaultHoldingsFromPool();
    const { sqrtPriceX96 } = await readV3PoolPrice(anvil, vault.poolAddress);
    const balance = (token: Address): Promise<bigint> =>
      read({ address: token, abi: testErc20.abi, functionName: 'balanceOf', args: [user] });
    const before0 = await balance(vault.token0);
    const before1 = await balance(vault.token1);

    const args = [shares, user, user, [0n, 0n, 0n, 0n]] as const;
    const { result } = await anvil.client.simulateContract({
      account: user,
      address: vault.hypervisor,
      abi: gammaHypervisor.abi,
      functionName: 'withdraw',
      args,
    });
    const hash = await anvil.client.writeContract({
      account: user,
      chain: anvil.client.chain,
      address: vault.hypervisor,
      abi: gammaHypervisor.abi,
      functionName: 'withdraw',
      args,
    });
    expect((await anvil.client.waitForTransactionReceipt({ hash })).status).toBe('success');

    const [amount0, amount1] = result;
    expect(await balance(vault.token0)).toBe(before0 + amount0);
    expect(await balance(vault.token1)).toBe(before1 + amount1);
    expect(await hypervisorRead('balanceOf', [user])).toBe(0n);
    expect(await hypervisorRead('totalSupply')).toBe(supplyBefore - shares);
    // What Hypervisor.withdraw computes: each position's liquidity × shares / totalSupply burnt (the pool pays
    // its amounts rounded down), plus that share of the idle tokens; no fees had accrued to collect first.
    const burnt = (position: { liquidity: bigint }, range: { tickLower: number; tickUpper: number }) =>
      amountsForLiquidity(
        sqrtPriceX96,
        range.tickLower,
        range.tickUpper,
        (position.liquidity * shares) / supplyBefore,
      );
    const [base0, base1] = burnt(holdings.base, vault.base);
    const [limit0, limit1] = burnt(holdings.limit, vault.limit);
    expect(amount0).toBe(base0 + limit0 + (holdings.idle0 * shares) / supplyBefore);
    expect(amount1).toBe(base1 + limit1 + (holdings.idle1 * shares) / supplyBefore);
    // So the user gets its share of getTotalAmounts, less what rounding the liquidity down costs (a tiny part).
    const share0 = (holdings.total0 * shares) / supplyBefore;
    const share1 = (holdings.total1 * shares) / supplyBefore;
    expect(amount0 <= share0 && amount1 <= share1).toBe(true);
    expect(Number(share0 - amount0) / Number(share0)).toBeLessThan(1e-6);
    expect(Number(share1 - amount1) / Number(share1)).toBeLessThan(1e-6);
  });

  it('deploys another vault over another pool, without a MasterChef: the user then holds all its shares', async () => {
    const other = await deployGammaVault(anvil, world, v3World, {
      pool: 'WETH-USDC',
      seed: { amountA: 5, amountB: 12_000 },
      userDepositA: 1,
      masterChef: null,
    });
    expect(other.hypervisor).not.toBe(vault.hypervisor);
    expect(other.masterChef).toBeNull();
    expect(other.userHeldShares).toBe(other.userShares);
    const [, base0, base1] = await read({
      address: other.hypervisor,
      abi: gammaHypervisor.abi,
      functionName: 'getBasePosition',
    });
    const [limitLiquidity] = await read({
      address: other.hypervisor,
      abi: gammaHypervisor.abi,
      functionName: 'getLimitPosition',
    });
    expect(base0 > 0n && base1 > 0n && limitLiquidity > 0n).toBe(true);
    expect(
      await read({
        address: other.hypervisor,
        abi: gammaHypervisor.abi,
        functionName: 'balanceOf',
        args: [world.accounts.user.address],
      }),
    ).toBe(other.userShares);
  });
});

type RegistryVault = {
  address: Address;
  manager: string;
  staking?: { kind: string; address: Address; pid: number };
};

/** The Gamma vaults of the app's vault registry in its order, read from the file itself. */
function registryGammaVaults(): RegistryVault[] {
  const file = new URL('../../../apps/server/src/core/farm-index/vault-registry.json', import.meta.url);
  const { vaults } = JSON.parse(readFileSync(file, 'utf8')) as { vaults: RegistryVault[] };
  return vaults.filter((entry) => entry.manager === 'gamma');
}

/** A registry vault's MasterChef stake. */
function chefStake(entry: RegistryVault | undefined): { address: Address; pid: number } | null {
  return entry?.staking?.kind === 'gamma-masterchef' ? entry.staking : null;
}

/** Sends a transaction from an unlocked account and expects it to succeed. */
async function send(args: {
  account: Address;
  address: Address;
  abi: readonly unknown[];
  functionName: string;
  args: readonly unknown[];
}): Promise<void> {
  // biome-ignore lint/suspicious/noExplicitAny: one helper for several ABIs.
  const hash = await anvil.client.writeContract({ ...args, chain: anvil.client.chain } as any);
  expect((await anvil.client.waitForTransactionReceipt({ hash })).status, args.functionName).toBe('success');
}

describe("deployGammaVault at QuickSwap's published addresses", () => {
  it("places the vault at the registry's first Gamma vault and its MasterChef at that vault's staking address and pid: shares, stake, amounts, rewards, a permit and withdrawals work there", async () => {
    const entry = registryGammaVaults()[0];
    const stake = chefStake(entry);
    if (!entry || !stake) throw new Error("the registry's first Gamma vault has no MasterChef stake");
    const user = world.accounts.user.address;
    const deployer = world.accounts.deployer.address;
    const placed = await deployGammaVault(anvil, world, v3World, {
      at: entry.address,
      masterChefAt: stake.address,
      pid: stake.pid,
    });
    const chef = placed.masterChef;
    if (!chef || !placed.placed) throw new Error('placed with a MasterChef');
    expect(placed.hypervisor).toBe(getAddress(entry.address));
    expect(chef.address).toBe(getAddress(stake.address));
    expect(chef.pid).toBe(BigInt(stake.pid));
    expect(placed.placed).toEqual({
      hypervisor: placed.hypervisor,
      masterChef: chef.address,
      pid: chef.pid,
      deployedAt: { hypervisor: expect.any(String), masterChef: expect.any(String) },
    });
    const { deployedAt } = placed.placed;
    if (!deployedAt.masterChef) throw new Error('the MasterChef was deployed before its copy was placed');
    // The originals keep what their construction gave them and nothing after: everything ran at the placed ones.
    const atVault = (functionName: string, args?: readonly unknown[]) =>
      read({ address: placed.hypervisor, abi: gammaHypervisor.abi, functionName, args });
    const atChef = (functionName: string, args?: readonly unknown[]) =>
      read({ address: chef.address, abi: gammaMasterChef.abi, functionName, args });
    expect(
      await read({ address: deployedAt.hypervisor, abi: gammaHypervisor.abi, functionName: 'totalSupply' }),
    ).toBe(0n);
    expect(
      await read({ address: deployedAt.masterChef, abi: gammaMasterChef.abi, functionName: 'poolLength' }),
    ).toBe(0n);
    // The state the construction set, read at the copy.
    expect(await atVault('owner')).toBe(deployer);
    expect(await atVault('pool')).toBe(placed.poolAddress);
    expect([await atVault('token0'), await atVault('token1')]).toEqual([placed.token0, placed.token1]);
    expect(await atVault('whitelistedAddress')).toBe(placed.uniProxy);
    expect(await atChef('owner')).toBe(deployer);
    expect(await atChef('SUSHI')).toBe(world.tokens[chef.rewardToken].address);
    expect(await atChef('lpToken', [chef.pid])).toBe(placed.hypervisor);
    expect(await atChef('poolLength')).toBe(chef.pid + 1n);
    expect(chef.placeholderLpTokens).toHaveLength(stake.pid);

    // The pool's positions are the placed vault's, and getTotalAmounts reads them with its idle tokens.
    const holdings = await vaultHoldingsFromPool(placed);
    expect(holdings.base.liquidity > 0n && holdings.limit.liquidity > 0n).toBe(true);
    expect(await atVault('getTotalAmounts')).toEqual([holdings.total0, holdings.total1]);
    // Shares held and staked.
    const [staked]: [bigint, bigint] = await atChef('userInfo', [chef.pid, user]);
    expect(await atVault('balanceOf', [user])).toBe(placed.userHeldShares);
    expect(await atVault('balanceOf', [chef.address])).toBe(chef.stakedShares);
    expect(staked).toBe(chef.stakedShares);
    expect(placed.userHeldShares > 0n && staked > 0n).toBe(true);
    expect(await atVault('totalSupply')).toBe(
      (await atVault('balanceOf', [deployer])) + placed.userHeldShares + chef.stakedShares,
    );

    // Rewards accrue at the chef's whole rate (the vault's pool is its only one with allocation points).
    await anvil.increaseTime(600);
    const [, stakedAt]: [bigint, bigint, bigint] = await atChef('poolInfo', [chef.pid]);
    const { timestamp } = await anvil.client.getBlock();
    const accrued = (rate: bigint) =>
      (chef.stakedShares * ((rate * (timestamp - stakedAt) * 10n ** 12n) / chef.stakedShares)) / 10n ** 12n;
    const pendingSushi: bigint = await atChef('pendingSushi', [chef.pid, user]);
    expect(pendingSushi > 0n).toBe(true);
    expect(pendingSushi).toBe(accrued(chef.rewardPerSecond));
    expect(
      await read({
        address: chef.rewarder,
        abi: gammaRewarder.abi,
        functionName: 'pendingToken',
        args: [chef.pid, user],
      }),
    ).toBe(accrued(chef.rewarderPerSecond));

    // A permit signed for the placed address: its domain separator is the one construction there gives.
    const chainId = await anvil.client.getChainId();
    const domain = {
      name: await atVault('name'),
      version: '1',
      chainId,
      verifyingContract: placed.hypervisor,
    };
    expect(await atVault('DOMAIN_SEPARATOR')).toBe(domainSeparator({ domain }));
    const deadline = 2n ** 64n;
    const signature = await anvil.client.signTypedData({
      account: user,
      domain,
      types: {
        Permit: [
          { name: 'owner', type: 'address' },
          { name: 'spender', type: 'address' },
          { name: 'value', type: 'uint256' },
          { name: 'nonce', type: 'uint256' },
          { name: 'deadline', type: 'uint256' },
        ],
      },
      primaryType: 'Permit',
      message: {
        owner: user,
        spender: deployer,
        value: 1n,
        nonce: await atVault('nonces', [user]),
        deadline,
      },
    });
    const { r, s, yParity } = parseSignature(signature);
    await send({
      account: deployer,
      address: placed.hypervisor,
      abi: gammaHypervisor.abi,
      functionName: 'permit',
      args: [user, deployer, 1n, deadline, 27 + yParity, r, s],
    });
    expect(await atVault('allowance', [user, deployer])).toBe(1n);

    // Unstake with the rewards, then withdraw every share from the vault.
    const balance = (token: Address): Promise<bigint> =>
      read({ address: token, abi: testErc20.abi, functionName: 'balanceOf', args: [user] });
    const rewardBefore = await balance(world.tokens[chef.rewardToken].address);
    await send({
      account: user,
      address: chef.address,
      abi: gammaMasterChef.abi,
      functionName: 'withdrawAndHarvest',
      args: [chef.pid, chef.stakedShares, user],
    });
    expect((await atChef('userInfo', [chef.pid, user]))[0]).toBe(0n);
    expect((await balance(world.tokens[chef.rewardToken].address)) - rewardBefore >= pendingSushi).toBe(true);
    const shares: bigint = await atVault('balanceOf', [user]);
    expect(shares).toBe(placed.userShares);
    const before0 = await balance(placed.token0);
    const before1 = await balance(placed.token1);
    await send({
      account: user,
      address: placed.hypervisor,
      abi: gammaHypervisor.abi,
      functionName: 'withdraw',
      args: [shares, user, user, [0n, 0n, 0n, 0n]],
    });
    expect(await atVault('balanceOf', [user])).toBe(0n);
    // About what it deposited: its shares were priced at the pool's price, and nothing has traded since.
    const near = (actual: bigint, expected: bigint) =>
      expect(Number(actual) / Number(expected)).toBeCloseTo(1, 1);
    near((await balance(placed.token0)) - before0, placed.userDeposit.amount0);
    near((await balance(placed.token1)) - before1, placed.userDeposit.amount1);
  });

  it('lists placeholder pools below a pid above 0 (allocation 0) and the vault at that pid, with the whole rate', async () => {
    const firstChef = chefStake(registryGammaVaults()[0])?.address;
    const stake = registryGammaVaults()
      .map(chefStake)
      .find((found) => found && found.pid > 0 && found.pid <= 3 && found.address !== firstChef);
    if (!stake) throw new Error('the registry lists no Gamma vault at pid 1 to 3 of another MasterChef');
    const user = world.accounts.user.address;
    // The chef only: the vault stays where it was deployed.
    const other = await deployGammaVault(anvil, world, v3World, {
      pool: 'WETH-USDC',
      seed: { amountA: 5, amountB: 12_000 },
      userDepositA: 1,
      masterChefAt: stake.address,
      pid: stake.pid,
    });
    const chef = other.masterChef;
    if (!chef) throw new Error('placed with a MasterChef');
    expect(other.placed).toEqual({
      hypervisor: other.hypervisor,
      masterChef: getAddress(stake.address),
      pid: BigInt(stake.pid),
      deployedAt: { hypervisor: other.hypervisor, masterChef: expect.any(String) },
    });
    const atChef = (functionName: string, args?: readonly unknown[]) =>
      read({ address: chef.address, abi: gammaMasterChef.abi, functionName, args });
    expect(chef.placeholderLpTokens).toHaveLength(stake.pid);
    expect(await atChef('poolLength')).toBe(chef.pid + 1n);
    for (const [pid, token] of chef.placeholderLpTokens.entries()) {
      expect(await atChef('lpToken', [BigInt(pid)])).toBe(token);
      const [, , allocPoint]: [bigint, bigint, bigint] = await atChef('poolInfo', [BigInt(pid)]);
      expect(allocPoint).toBe(0n);
    }
    expect(new Set(chef.placeholderLpTokens).size).toBe(stake.pid);
    expect(await atChef('lpToken', [chef.pid])).toBe(other.hypervisor);
    expect(await atChef('totalAllocPoint')).toBe(100n);
    expect((await atChef('userInfo', [chef.pid, user]))[0]).toBe(chef.stakedShares);

    await anvil.increaseTime(600);
    const [, stakedAt]: [bigint, bigint, bigint] = await atChef('poolInfo', [chef.pid]);
    const { timestamp } = await anvil.client.getBlock();
    expect(await atChef('pendingSushi', [chef.pid, user])).toBe(
      (chef.stakedShares *
        ((chef.rewardPerSecond * (timestamp - stakedAt) * 10n ** 12n) / chef.stakedShares)) /
        10n ** 12n,
    );
  });
});
