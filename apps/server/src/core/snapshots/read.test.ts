import { pair, stakingDualRewards, stakingRewards } from '@tidewatch/contracts';
import { tokenSpecs } from '@tidewatch/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestChain, type TestChain } from '../chain/testing.ts';
import { readFarmSnapshots } from './read.ts';

let t: TestChain;
beforeAll(async () => {
  t = await startTestChain();
  await t.chain.assertChainId();
});
afterAll(() => t?.stop());

describe('readFarmSnapshots', () => {
  it('reads every farm and account at one block in 3 HTTP requests cold and 1 warm', async () => {
    const farms = Object.values(t.world.farms).map((f) => ({ address: f.address, kind: f.kind }));
    const accounts = [t.world.accounts.user.address, t.world.accounts.idle.address];
    t.proxy.reset();
    const cold = await readFarmSnapshots(t.chain, { farms, accounts });
    expect(t.proxy.requestCount).toBe(3);
    t.proxy.reset();
    await t.anvil.mine(1);
    const warm = await readFarmSnapshots(t.chain, { farms, accounts });
    expect(t.proxy.requestCount).toBe(1);
    expect(t.proxy.calls).toEqual(['eth_call']);
    expect(warm.blockNumber).toBe(cold.blockNumber + 1n);
    expect(warm.farms.map((f) => f.address)).toEqual(farms.map((f) => f.address));
  });

  it('past the batch size, reads the rest at the block the first batch saw: two requests, one block', async () => {
    const farms = Object.values(t.world.farms).map((f) => ({ address: f.address, kind: f.kind }));
    const user = t.world.accounts.user.address;
    const small = t.makeClient({ maxCalldataBytes: 3_000 });
    await small.assertChainId();
    await readFarmSnapshots(small, { farms, accounts: [user] }); // learn the structure
    t.proxy.reset();
    const read = await readFarmSnapshots(small, { farms, accounts: [user] });
    expect(t.proxy.requestCount).toBe(2);
    const [first, ...rest] = t.proxy.callBlockTags;
    expect(first).toBe('latest');
    expect(rest.length).toBeGreaterThan(1);
    expect(new Set(rest)).toEqual(new Set([`0x${read.blockNumber.toString(16)}`]));
    for (const [i, worldFarm] of Object.values(t.world.farms).entries()) {
      const abi = worldFarm.kind === 'lp' ? stakingRewards.abi : stakingDualRewards.abi;
      const earned = await t.anvil.client.readContract({
        address: worldFarm.address,
        abi,
        functionName: worldFarm.kind === 'lp' ? 'earned' : 'earnedA',
        args: [user],
        blockNumber: read.blockNumber,
      } as never);
      expect(read.farms[i]!.positions[0]!.earned[0]).toBe(earned);
    }
  });

  it('returns exactly what plain readContract calls see at that block', async () => {
    const user = t.world.accounts.user.address;
    const read = await readFarmSnapshots(t.chain, {
      farms: Object.values(t.world.farms).map((f) => ({ address: f.address, kind: f.kind })),
      accounts: [user],
    });
    const client = t.anvil.client;
    const block = await client.getBlock({ blockNumber: read.blockNumber });
    expect(read.blockTimestamp).toBe(block.timestamp);
    const at = { blockNumber: read.blockNumber };
    for (const [i, worldFarm] of Object.values(t.world.farms).entries()) {
      const farm = read.farms[i]!;
      const [r0, r1] = await client.readContract({
        address: worldFarm.pair,
        abi: pair.abi,
        functionName: 'getReserves',
        ...at,
      });
      expect([farm.pair.reserve0, farm.pair.reserve1]).toEqual([r0, r1]);
      expect(farm.pair.address).toBe(worldFarm.pair);
      expect(farm.pair.totalSupply).toBe(
        await client.readContract({
          address: worldFarm.pair,
          abi: pair.abi,
          functionName: 'totalSupply',
          ...at,
        }),
      );
      const pairTokens = [farm.pair.token0, farm.pair.token1];
      for (const token of pairTokens) {
        const spec = Object.values(t.world.tokens).find((w) => w.address === token.address)!;
        expect(token).toEqual({
          address: spec.address,
          symbol: spec.symbol,
          name: spec.name,
          decimals: spec.decimals,
        });
      }
      const abi = worldFarm.kind === 'lp' ? stakingRewards.abi : stakingDualRewards.abi;
      const read1 = (functionName: string, args?: readonly unknown[]) =>
        client.readContract({
          address: worldFarm.address,
          abi,
          functionName,
          args,
          ...at,
        } as never) as Promise<unknown>;
      expect(farm.totalSupply).toBe(await read1('totalSupply'));
      expect(farm.periodFinish).toBe(await read1('periodFinish'));
      expect(farm.isPaused).toBe(worldFarm.isPaused);
      expect(farm.rewards.map((r) => r.token.address)).toEqual([...worldFarm.rewardTokenAddresses]);
      const rateNames = worldFarm.kind === 'lp' ? ['rewardRate'] : ['rewardRateA', 'rewardRateB'];
      const earnedNames = worldFarm.kind === 'lp' ? ['earned'] : ['earnedA', 'earnedB'];
      expect(farm.rewards.map((r) => r.rewardRate)).toEqual(
        await Promise.all(rateNames.map((n) => read1(n))),
      );
      const [position] = farm.positions;
      expect(position?.staked).toBe(worldFarm.userStake);
      expect(position?.staked).toBe(await read1('balanceOf', [user]));
      expect(position?.earned).toEqual(await Promise.all(earnedNames.map((n) => read1(n, [user]))));
      if (worldFarm.userStake > 0n && !worldFarm.isEnded) expect(position?.earned[0]).toBeGreaterThan(0n);
    }
  });

  it('decodes a bytes32 symbol and name', async () => {
    const read = await readFarmSnapshots(t.chain, {
      farms: [{ address: t.world.farms.mkrUsdc.address, kind: 'lp' }],
      accounts: [],
    });
    const tokens = [read.farms[0]!.pair.token0, read.farms[0]!.pair.token1];
    expect(tokens.find((tk) => tk.address === t.world.tokens.MKR.address)).toMatchObject({
      symbol: tokenSpecs.MKR.symbol,
      name: tokenSpecs.MKR.name,
      decimals: 18,
    });
  });

  it('names the read that failed and returns nothing when a farm is read as the wrong kind', async () => {
    const lpFarm = t.world.farms.wmaticUsdc.address;
    const attempt = readFarmSnapshots(t.chain, {
      farms: [
        { address: t.world.farms.wethUsdc.address, kind: 'lp' },
        { address: lpFarm, kind: 'dual' },
      ],
      accounts: [],
    });
    await expect(attempt).rejects.toMatchObject({
      kind: 'ReadFailedError',
      code: 'CHAIN_UNAVAILABLE',
      shortMessage: expect.stringContaining(`farm ${lpFarm}: rewardsTokenA()`),
    });
  });
});
