import {
  dragonLair,
  pair,
  quickConverter,
  router02,
  stakingDualRewards,
  stakingRewards,
  stakingRewardsDualFactory,
  stakingRewardsFactory,
  testErc20,
  testErc20Bytes32,
} from '@tidewatch/contracts';
import { type Address, erc20Abi, formatUnits, hexToString, isAddressEqual } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Anvil, startAnvil } from './anvil.ts';
import { deployQuickswapWorld } from './world/deploy.ts';
import { placeRouterAt, QUICKSWAP_ROUTER_POLYGON_ADDRESS } from './world/registry-farms.ts';
import { shortenFarmRewards } from './world/short-rewards.ts';
import { swapExactIn } from './world/swap.ts';
import { TxSender } from './world/tx-sender.ts';
import type { World } from './world/types.ts';

let anvil: Anvil;
let world: World;
const timings = { startMs: 0, deployMs: 0 };

beforeAll(async () => {
  const started = performance.now();
  anvil = await startAnvil();
  timings.startMs = performance.now() - started;
  world = await deployQuickswapWorld(anvil);
  timings.deployMs = performance.now() - started - timings.startMs;
  console.info(
    `anvil start ${Math.round(timings.startMs)} ms, world deploy ${Math.round(timings.deployMs)} ms`,
  );
});

afterAll(async () => {
  await anvil?.stop();
});

async function reservesProduct(pairAddress: Address): Promise<bigint> {
  const [r0, r1] = await anvil.client.readContract({
    address: pairAddress,
    abi: pair.abi,
    functionName: 'getReserves',
  });
  return r0 * r1;
}

/** Price of `token` in units of `other`, read from the pair's reserves and the tokens' own decimals. */
async function priceFromReserves(pairAddress: Address, token: Address, other: Address): Promise<number> {
  const read = <T>(functionName: 'token0' | 'getReserves') =>
    anvil.client.readContract({ address: pairAddress, abi: pair.abi, functionName }) as Promise<T>;
  const [token0, [r0, r1]] = await Promise.all([
    read<Address>('token0'),
    read<readonly [bigint, bigint]>('getReserves'),
  ]);
  const decimals = (address: Address) =>
    anvil.client.readContract({ address, abi: erc20Abi, functionName: 'decimals' });
  const [dToken, dOther] = await Promise.all([decimals(token), decimals(other)]);
  const isToken0 = isAddressEqual(token0, token);
  const reserveToken = Number(formatUnits(isToken0 ? r0 : r1, dToken));
  const reserveOther = Number(formatUnits(isToken0 ? r1 : r0, dOther));
  return reserveOther / reserveToken;
}

/**
 * The router at `address` answers factory() and WETH() with the world's, and quotes a WETH -> USDC swap
 * from the pair's own reserves (getAmountsOut finds the pair by CREATE2 address: a wrong init code hash would
 * point it at an empty address and revert).
 */
async function expectRouterQuotesWethUsdc(address: Address): Promise<void> {
  const read = (functionName: 'factory' | 'WETH') =>
    anvil.client.readContract({ address, abi: router02.abi, functionName });
  expect(await read('factory')).toBe(world.factory);
  expect(await read('WETH')).toBe(world.tokens.WMATIC.address);
  const weth = world.tokens.WETH.address;
  const usdc = world.tokens.USDC.address;
  const pairAddress = world.pairs['WETH-USDC'].address;
  const [[r0, r1], token0] = await Promise.all([
    anvil.client.readContract({ address: pairAddress, abi: pair.abi, functionName: 'getReserves' }),
    anvil.client.readContract({ address: pairAddress, abi: pair.abi, functionName: 'token0' }),
  ]);
  const [reserveIn, reserveOut] = token0 === weth ? [r0, r1] : [r1, r0];
  const amountIn = 10n ** 18n;
  const amounts = await anvil.client.readContract({
    address,
    abi: router02.abi,
    functionName: 'getAmountsOut',
    args: [amountIn, [weth, usdc]],
  });
  // Uniswap V2's 0.3 % fee: out = in × 997 × reserveOut / (reserveIn × 1000 + in × 997).
  expect(amounts).toEqual([amountIn, (amountIn * 997n * reserveOut) / (reserveIn * 1000n + amountIn * 997n)]);
}

describe('startAnvil', () => {
  it('runs chain 137 with Multicall3 at the canonical address', async () => {
    expect(await anvil.client.getChainId()).toBe(137);
    const results = await anvil.client.multicall({
      contracts: [
        { address: world.tokens.USDC.address, abi: erc20Abi, functionName: 'decimals' },
        { address: world.tokens.WBTC.address, abi: erc20Abi, functionName: 'decimals' },
        // A call that reverts (no such function on a farm) is reported, not thrown.
        { address: world.farms.wmaticUsdc.address, abi: erc20Abi, functionName: 'decimals' },
      ],
      multicallAddress: world.multicall3,
    });
    expect(results.map((r) => r.status)).toEqual(['success', 'success', 'failure']);
    expect(results[0]?.result).toBe(6);
    expect(results[1]?.result).toBe(8);
  });

  it('advances time and blocks on demand', async () => {
    const before = await anvil.client.getBlock();
    await anvil.increaseTime(60);
    await anvil.mine(2);
    const after = await anvil.client.getBlock();
    expect(after.number - before.number).toBe(3n);
    expect(after.timestamp - before.timestamp).toBeGreaterThanOrEqual(60n);
  });

  it('stop() ends the node', async () => {
    const other = await startAnvil();
    expect(await other.client.getChainId()).toBe(137);
    await other.stop();
    await expect(fetch(other.rpcUrl, { method: 'POST' })).rejects.toThrow();
  });
});

describe('deployQuickswapWorld', () => {
  it.each([
    ['WMATIC-USDC', 'WMATIC', 'USDC', 0.5],
    ['WETH-USDC', 'WETH', 'USDC', 2_000],
    ['WBTC-USDC', 'WBTC', 'USDC', 30_000],
    // A thin pair that disagrees with the lair ($45): the app must not price dQUICK from it.
    ['DQUICK-USDC', 'DQUICK', 'USDC', 50],
    ['MKR-USDC', 'MKR', 'USDC', 1_500],
    ['QUICK-WMATIC', 'QUICK', 'WMATIC', 40 / 0.5],
    ['WETH-WMATIC', 'WETH', 'WMATIC', 2_000 / 0.5],
    ['MYST-WETH', 'MYST', 'WETH', 0.001],
    // Thin and stale on purpose: the app must price new QUICK from old QUICK's deeper pair.
    ['NEW_QUICK-WMATIC', 'NEW_QUICK', 'WMATIC', 0.12],
  ] as const)('%s reserves price %s at %s %s', async (pairKey, token, quote, expected) => {
    const price = await priceFromReserves(
      world.pairs[pairKey].address,
      world.tokens[token].address,
      world.tokens[quote].address,
    );
    expect(price).toBeCloseTo(expected, 9);
  });

  it('sorts pair tokens by address and links pairs to the factory', async () => {
    for (const p of Object.values(world.pairs)) {
      expect(p.token0.toLowerCase() < p.token1.toLowerCase()).toBe(true);
      const factory = await anvil.client.readContract({
        address: p.address,
        abi: pair.abi,
        functionName: 'factory',
      });
      expect(factory).toBe(world.factory);
    }
  });

  it("runs Uniswap V2's Router02 over the world's factory, finding its pairs by the init code hash", async () => {
    await expectRouterQuotesWethUsdc(world.router);
  });

  it("places the router at QuickSwap's Polygon router address, immutables and all", async () => {
    const placed = await placeRouterAt(anvil, world);
    expect(placed.router).toBe(QUICKSWAP_ROUTER_POLYGON_ADDRESS);
    expect(placed.farms).toBe(world.farms);
    await expectRouterQuotesWethUsdc(placed.router);
  });

  it("shortens a farm's reward balance below what it owes: getReward and exit revert, withdraw works", async () => {
    const farm = world.farms.quickWmaticEnded;
    const user = world.accounts.user.address;
    const dquick = world.tokens.DQUICK.address;
    const snapshot = await anvil.client.snapshot();
    try {
      const earned = () =>
        anvil.client.readContract({
          address: farm.address,
          abi: stakingRewards.abi,
          functionName: 'earned',
          args: [user],
        });
      const balanceOf = (account: Address) =>
        anvil.client.readContract({
          address: dquick,
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [account],
        });
      const [earnedBefore, supplyBefore, deployerBefore] = await Promise.all([
        earned(),
        anvil.client.readContract({ address: dquick, abi: erc20Abi, functionName: 'totalSupply' }),
        balanceOf(world.accounts.deployer.address),
      ]);
      const leave = earnedBefore / 2n;
      const before = await shortenFarmRewards(anvil, world, 'quickWmaticEnded', leave);

      expect(before).toBeGreaterThan(earnedBefore);
      expect(await balanceOf(farm.address)).toBe(leave);
      // Only the farm's balance changed: not what it owes, not another holder, not the supply.
      expect(await earned()).toBe(earnedBefore);
      expect(await balanceOf(world.accounts.deployer.address)).toBe(deployerBefore);
      expect(
        await anvil.client.readContract({ address: dquick, abi: erc20Abi, functionName: 'totalSupply' }),
      ).toBe(supplyBefore);
      for (const functionName of ['getReward', 'exit'] as const) {
        await expect(
          anvil.client.simulateContract({
            account: user,
            address: farm.address,
            abi: stakingRewards.abi,
            functionName,
          }),
        ).rejects.toThrow('ERC20: transfer amount exceeds balance');
      }
      const { result } = await anvil.client.simulateContract({
        account: user,
        address: farm.address,
        abi: stakingRewards.abi,
        functionName: 'withdraw',
        args: [farm.userStake],
      });
      expect(result).toBeUndefined();
    } finally {
      await anvil.client.revert({ id: snapshot });
    }
  });

  it('has a bytes32-symbol token', async () => {
    const symbol = await anvil.client.readContract({
      address: world.tokens.MKR.address,
      abi: testErc20Bytes32.abi,
      functionName: 'symbol',
    });
    expect(hexToString(symbol, { size: 32 })).toBe('MKR');
  });

  it('gives the user staked positions with accrued rewards', async () => {
    const user = world.accounts.user.address;
    const lp = world.farms.wmaticUsdc;
    const [staked, earned, total] = await Promise.all([
      anvil.client.readContract({
        address: lp.address,
        abi: stakingRewards.abi,
        functionName: 'balanceOf',
        args: [user],
      }),
      anvil.client.readContract({
        address: lp.address,
        abi: stakingRewards.abi,
        functionName: 'earned',
        args: [user],
      }),
      anvil.client.readContract({
        address: lp.address,
        abi: stakingRewards.abi,
        functionName: 'totalSupply',
      }),
    ]);
    expect(staked).toBe(lp.userStake);
    expect(staked).toBeGreaterThan(0n);
    expect(total).toBeGreaterThan(staked);
    expect(earned).toBeGreaterThan(0n);

    const dual = world.farms.dualWethWmatic;
    const read = (functionName: 'earnedA' | 'earnedB' | 'balanceOf') =>
      anvil.client.readContract({
        address: dual.address,
        abi: stakingDualRewards.abi,
        functionName,
        args: [user],
      });
    const [dualStaked, earnedA, earnedB] = await Promise.all([
      read('balanceOf'),
      read('earnedA'),
      read('earnedB'),
    ]);
    expect(dualStaked).toBeGreaterThan(0n);
    expect(earnedA).toBeGreaterThan(0n);
    expect(earnedB).toBeGreaterThan(0n);
    expect(world.farms.mkrUsdc.userStake).toBe(0n);
  });

  it('has one ended LP farm, active farms of both kinds and a paused dual farm', async () => {
    const { timestamp } = await anvil.client.getBlock();
    const periodFinish = (address: Address) =>
      anvil.client.readContract({ address, abi: stakingRewards.abi, functionName: 'periodFinish' });
    expect(await periodFinish(world.farms.quickWmaticEnded.address)).toBeLessThan(timestamp);
    expect(await periodFinish(world.farms.wmaticUsdc.address)).toBeGreaterThan(timestamp);
    expect(await periodFinish(world.farms.dualWethWmatic.address)).toBeGreaterThan(timestamp);
    const ended = Object.values(world.farms).filter((f) => f.isEnded);
    expect(ended.map((f) => [f.key, f.kind])).toEqual([['quickWmaticEnded', 'lp']]);
    const paused = (address: Address) =>
      anvil.client.readContract({ address, abi: stakingDualRewards.abi, functionName: 'paused' });
    expect(await paused(world.farms.dualDquickUsdcPaused.address)).toBe(true);
    expect(await paused(world.farms.dualMystWeth.address)).toBe(false);
  });

  it('lists every farm in its QuickSwap factory, by staking token', async () => {
    const lpTokens = await Promise.all(
      Object.values(world.farms)
        .filter((f) => f.kind === 'lp')
        .map((_, i) =>
          anvil.client.readContract({
            address: world.lpFarmFactory,
            abi: stakingRewardsFactory.abi,
            functionName: 'stakingTokens',
            args: [BigInt(i)],
          }),
        ),
    );
    for (const farm of Object.values(world.farms)) {
      const info =
        farm.kind === 'lp'
          ? await anvil.client.readContract({
              address: world.lpFarmFactory,
              abi: stakingRewardsFactory.abi,
              functionName: 'stakingRewardsInfoByStakingToken',
              args: [farm.pair],
            })
          : await anvil.client.readContract({
              address: world.dualFarmFactory,
              abi: stakingRewardsDualFactory.abi,
              functionName: 'stakingRewardsInfoByStakingToken',
              args: [farm.pair],
            });
      expect(info[0]).toBe(farm.address);
      if (farm.kind === 'lp') expect(lpTokens).toContain(farm.pair);
      else expect(info.slice(1, 3)).toEqual([...farm.rewardTokenAddresses]);
    }
  });

  it('has a never-funded farm (periodFinish 0) and a farm topped up with a longer duration', async () => {
    const read = (address: Address, functionName: 'periodFinish' | 'rewardRate') =>
      anvil.client.readContract({ address, abi: stakingRewards.abi, functionName });
    expect(await read(world.farms.wethWmaticUnfunded.address, 'periodFinish')).toBe(0n);
    expect(await read(world.farms.wethWmaticUnfunded.address, 'rewardRate')).toBe(0n);
    const { timestamp } = await anvil.client.getBlock();
    const toppedUp = await read(world.farms.wmaticUsdc.address, 'periodFinish');
    const plain = await read(world.farms.wethUsdc.address, 'periodFinish');
    // Both started together for 30 days; the top-up restarted wmaticUsdc's clock at 45 days.
    expect(toppedUp - timestamp).toBeGreaterThan(44n * 86_400n);
    expect(plain - timestamp).toBeLessThan(30n * 86_400n);
  });

  it("keeps rewardRate non-zero after an ended farm's periodFinish, as the deployed farms do", async () => {
    const rate = await anvil.client.readContract({
      address: world.farms.quickWmaticEnded.address,
      abi: stakingRewards.abi,
      functionName: 'rewardRate',
    });
    expect(rate).toBeGreaterThan(0n);
  });

  it('values dQUICK through its lair: 1 old dQUICK = 1.125 QUICK, 1 new dQUICK = 1.25 new QUICK', async () => {
    const ratio = (lair: Address) =>
      anvil.client.readContract({
        address: lair,
        abi: dragonLair.abi,
        functionName: 'dQUICKForQUICK',
        args: [10n ** 18n],
      });
    expect(await ratio(world.tokens.DQUICK.address)).toBe(1_125_000_000_000_000_000n);
    expect(await ratio(world.tokens.NEW_DQUICK.address)).toBe(1_250_000_000_000_000_000n);
  });

  it('converts old QUICK to new QUICK at 1 : 1000 through the converter', async () => {
    const user = world.accounts.user.address;
    const tx = new TxSender(anvil);
    const { QUICK, NEW_QUICK } = world.tokens;
    const balance = (token: Address) =>
      anvil.client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [user] });
    const before = await balance(NEW_QUICK.address);
    await tx.call(world.accounts.deployer.address, QUICK.address, testErc20.abi, 'mint', [
      user,
      2n * 10n ** 18n,
    ]);
    await tx.call(user, QUICK.address, testErc20.abi, 'approve', [world.quickConverter, 2n * 10n ** 18n]);
    await tx.call(user, world.quickConverter, quickConverter.abi, 'quickToQuickX', [2n * 10n ** 18n]);
    await tx.assertAllSucceeded();
    expect((await balance(NEW_QUICK.address)) - before).toBe(2_000n * 10n ** 18n);
  });

  it("moves a pair's price when a swap goes through it, with the fee left in the pool", async () => {
    const weth = world.tokens.WETH.address;
    const usdc = world.tokens.USDC.address;
    const before = await priceFromReserves(world.pairs['WETH-USDC'].address, weth, usdc);
    const kBefore = await reservesProduct(world.pairs['WETH-USDC'].address);
    const out = await swapExactIn(anvil, world, {
      pair: 'WETH-USDC',
      tokenIn: 'USDC',
      amountIn: 50_000n * 10n ** 6n,
    });
    expect(out).toBeGreaterThan(0n);
    expect(await priceFromReserves(world.pairs['WETH-USDC'].address, weth, usdc)).toBeGreaterThan(before);
    expect(await reservesProduct(world.pairs['WETH-USDC'].address)).toBeGreaterThan(kBefore);
  });

  it('refuses stake() on a paused dual farm but lets its stakers withdraw', async () => {
    const farm = world.farms.dualDquickUsdcPaused;
    await expect(
      anvil.client.simulateContract({
        address: farm.address,
        abi: stakingDualRewards.abi,
        functionName: 'stake',
        args: [1n],
        account: world.accounts.user.address,
      }),
    ).rejects.toThrow(/paused/);
    const { result } = await anvil.client.simulateContract({
      address: farm.address,
      abi: stakingDualRewards.abi,
      functionName: 'exit',
      account: world.accounts.user.address,
    });
    expect(result).toBeUndefined();
  });

  it('builds quickswap.exchange URLs per farm kind', () => {
    const lp = world.farms.wmaticUsdc;
    expect(lp.url).toBe(
      `https://quickswap.exchange/#/quick/${world.tokens.WMATIC.address}/${world.tokens.USDC.address}/${lp.address}`,
    );
    expect(world.farms.dualMystWeth.url).toMatch(
      /^https:\/\/quickswap\.exchange\/#\/dual\/0x[0-9a-fA-F]{40}\/0x/,
    );
  });

  it('leaves the idle account funded and without positions', async () => {
    const idle = world.accounts.idle.address;
    expect(await anvil.client.getBalance({ address: idle })).toBeGreaterThan(0n);
    const staked = await anvil.client.readContract({
      address: world.farms.wmaticUsdc.address,
      abi: stakingRewards.abi,
      functionName: 'balanceOf',
      args: [idle],
    });
    expect(staked).toBe(0n);
  });
});
