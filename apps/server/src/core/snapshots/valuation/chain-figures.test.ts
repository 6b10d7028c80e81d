import { pair, stakingDualRewards, stakingRewards, testErc20 } from '@tidewatch/contracts';
import { type TokenKey, tokenSpecs } from '@tidewatch/testkit';
import type { Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRelativelyClose, startTestChain, type TestChain } from '../../chain/testing.ts';
import { readFarmSnapshots } from '../read.ts';
import { farmValuationInputOf } from '../value.ts';
import { computeFarmValuation } from './farm-snapshot.ts';

// Acceptance: figures from readFarmSnapshots + computeFarmValuation equal what this test computes on its
// own from the deployed state (plain readContract calls, plain double arithmetic), for 6, 8 and 18 decimals.
let t: TestChain;
beforeAll(async () => {
  t = await startTestChain();
});
afterAll(() => t?.stop());

const priceOf = (address: Address): number | null => {
  const key = Object.keys(t.world.tokens).find((k) => t.world.tokens[k as TokenKey].address === address);
  return key ? tokenSpecs[key as TokenKey].usdPrice : null;
};

describe.each([
  'wbtcUsdc',
  'wethUsdc',
  'wmaticUsdc',
  'dualWethWmatic',
  'dualMystWeth',
  'quickWmaticEnded',
] as const)('farm %s', (key) => {
  it('matches the figures computed independently from the deployed state', async () => {
    const worldFarm = t.world.farms[key];
    const user = t.world.accounts.user.address;
    const read = await readFarmSnapshots(t.chain, { farms: [worldFarm], accounts: [user] });
    const f = read.farms[0]!;
    const valuation = computeFarmValuation(farmValuationInputOf(read, f, priceOf));

    // The test's own view of the chain, at the same block.
    const c = t.anvil.client;
    const at = { blockNumber: read.blockNumber };
    const [token0, token1] = await Promise.all(
      (['token0', 'token1'] as const).map((fn) =>
        c.readContract({ address: worldFarm.pair, abi: pair.abi, functionName: fn, ...at }),
      ),
    );
    const dec = async (a: Address) =>
      Number(await c.readContract({ address: a, abi: testErc20.abi, functionName: 'decimals', ...at }));
    const [d0, d1] = [await dec(token0!), await dec(token1!)];
    const [r0, r1] = await c.readContract({
      address: worldFarm.pair,
      abi: pair.abi,
      functionName: 'getReserves',
      ...at,
    });
    const lpSupply =
      Number(
        await c.readContract({ address: worldFarm.pair, abi: pair.abi, functionName: 'totalSupply', ...at }),
      ) / 1e18;
    const abi = worldFarm.kind === 'lp' ? stakingRewards.abi : stakingDualRewards.abi;
    const farmRead = async (fn: string, args?: readonly unknown[]) =>
      (await c.readContract({
        address: worldFarm.address,
        abi,
        functionName: fn,
        args,
        ...at,
      } as never)) as bigint;
    const farmSupply = Number(await farmRead('totalSupply')) / 1e18;
    const staked = Number(await farmRead('balanceOf', [user])) / 1e18;
    const periodFinish = await farmRead('periodFinish');
    const { timestamp } = await c.getBlock(at);

    const amount0 = Number(r0) / 10 ** d0;
    const amount1 = Number(r1) / 10 ** d1;
    let [p0, p1] = [priceOf(token0!), priceOf(token1!)];
    if (p0 === null && p1 !== null) p0 = (p1 * amount1) / amount0;
    if (p1 === null && p0 !== null) p1 = (p0 * amount0) / amount1;
    const tvl = amount0 * p0! + amount1 * p1!;
    const lpPrice = tvl / lpSupply;
    const farmTvl = farmSupply * lpPrice;
    const rateNames = worldFarm.kind === 'lp' ? ['rewardRate'] : ['rewardRateA', 'rewardRateB'];
    const earnedNames = worldFarm.kind === 'lp' ? ['earned'] : ['earnedA', 'earnedB'];
    let yearly = 0;
    const earnedUsd: number[] = [];
    for (const [k, rewardToken] of worldFarm.rewardTokenAddresses.entries()) {
      const d = await dec(rewardToken);
      const price = priceOf(rewardToken)!;
      yearly += (Number(await farmRead(rateNames[k]!)) / 10 ** d) * 31_536_000 * price;
      earnedUsd.push((Number(await farmRead(earnedNames[k]!, [user])) / 10 ** d) * price);
    }
    const apr = timestamp >= periodFinish ? 0 : yearly / farmTvl;

    expect([d0, d1].sort()).toEqual([f.pair.token0.decimals, f.pair.token1.decimals].sort());
    const close = (actual: number | null, expected: number) =>
      expect(isRelativelyClose(actual, expected), `${actual} vs ${expected}`).toBe(true);
    close(valuation.pool.tvlUsd, tvl);
    close(valuation.pool.lpPriceUsd, lpPrice);
    close(valuation.farm.tvlUsd, farmTvl);
    close(valuation.farm.shareOfPool, farmSupply / lpSupply);
    close(valuation.farm.apr, apr);
    const [position] = valuation.positions;
    close(position!.stakedUsd, staked * lpPrice);
    close(position!.shareOfFarm, staked / farmSupply);
    for (const [k, e] of position!.earned.entries()) close(e.usd, earnedUsd[k]!);
    if (key === 'quickWmaticEnded') expect(valuation.farm.apr).toBe(0);
    else expect(valuation.farm.apr).toBeGreaterThan(0);
  });
});
