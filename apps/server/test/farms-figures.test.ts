import { dragonLair, pair, stakingDualRewards, stakingRewards, testErc20 } from '@tidewatch/contracts';
import type { FarmKind } from '@tidewatch/shared';
import { type DualPositionSnapshot, farmDetailSchema, type LpPositionSnapshot } from '@tidewatch/shared';
import { type PairKey, swapExactIn, type TokenKey } from '@tidewatch/testkit';
import { type Address, formatUnits } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChainClient } from '../src/core/chain/client.ts';
import { isRelativelyClose } from '../src/core/chain/testing.ts';
import type { OnchainPriceSource } from '../src/core/prices/onchain-source.ts';
import { createSnapshotPipeline } from '../src/core/snapshots/pipeline.ts';
import { countSnapshots, type FarmsWorld, startFarmsWorldWithUser, trackWorldFarms } from './farms-setup.ts';

// Snapshot figures written through the API equal what this test computes on its own from the chain
// (plain viem reads at the snapshot's block, plain double arithmetic); refreshes are all-or-nothing.
let w: FarmsWorld;
let user: { token: string; userId: number };
const keys = ['wmaticUsdc', 'wethUsdc', 'wbtcUsdc', 'dualWethWmatic'] as const;

beforeAll(async () => {
  ({ w, user } = await startFarmsWorldWithUser([...keys]));
  // Trades move every price away from the seeded one, as on the real chain between two snapshots.
  const { anvil, world } = w.t;
  await swapExactIn(anvil, world, { pair: 'WMATIC-USDC', tokenIn: 'USDC', amountIn: 150_000n * 10n ** 6n });
  await swapExactIn(anvil, world, { pair: 'WETH-USDC', tokenIn: 'WETH', amountIn: 40n * 10n ** 18n });
  await swapExactIn(anvil, world, { pair: 'WBTC-USDC', tokenIn: 'USDC', amountIn: 90_000n * 10n ** 6n });
  await swapExactIn(anvil, world, { pair: 'QUICK-WMATIC', tokenIn: 'QUICK', amountIn: 500n * 10n ** 18n });
  await trackWorldFarms(w, user, keys);
}, 60_000);
afterAll(() => w?.close());

const account = () => w.t.world.accounts.user.address;
const refreshUrl = (kind: FarmKind) =>
  kind === 'lp' ? '/api/quickswap/create-snapshots' : '/api/quickswap/dual-mining/snapshots';
const refresh = (key: (typeof keys)[number]) => {
  const farm = w.t.world.farms[key];
  const payload =
    farm.kind === 'lp'
      ? { address: farm.address, account_address: account() }
      : { farm_address: farm.address, account_address: account() };
  return w.testApp.request({ method: 'POST', url: refreshUrl(farm.kind), token: user.token, payload });
};
const detail = async (key: (typeof keys)[number]) => {
  const response = await w.testApp.request({
    method: 'GET',
    url: `/api/quickswap/farm/details/${w.t.world.farms[key].address}?account=${account()}`,
    token: user.token,
  });
  return farmDetailSchema.parse(response.json());
};
const close = (actual: number | null | undefined, expected: number) =>
  expect(isRelativelyClose(actual ?? null, expected), `${actual} vs ${expected}`).toBe(true);

describe.each(keys)('farm %s', (key) => {
  it('stores pool, farm and position figures equal to the chain at the snapshot block', async () => {
    const response = await refresh(key);
    expect(response.statusCode).toBe(200);
    const item = response.json();
    const block = BigInt(item.farm_position_snapshot.block_number);
    expect(item.pool.snapshot.block_number).toBe(Number(block));
    expect(item.farm.snapshot.block_number).toBe(Number(block));

    const c = w.t.anvil.client;
    const at = { blockNumber: block };
    const worldFarm = w.t.world.farms[key];
    const decimalsOf = async (address: Address) =>
      Number(await c.readContract({ address, abi: testErc20.abi, functionName: 'decimals', ...at }));
    const reservesOf = async (address: Address) => {
      const token0 = await c.readContract({ address, abi: pair.abi, functionName: 'token0', ...at });
      const token1 = await c.readContract({ address, abi: pair.abi, functionName: 'token1', ...at });
      const [r0, r1] = await c.readContract({ address, abi: pair.abi, functionName: 'getReserves', ...at });
      const supply = await c.readContract({ address, abi: pair.abi, functionName: 'totalSupply', ...at });
      return { token0, token1, r0, r1, supply, d0: await decimalsOf(token0), d1: await decimalsOf(token1) };
    };
    // USD price of a token at that block: from its own pair against USDC (USDC = $1), QUICK through
    // WMATIC, and dQUICK as QUICK times its lair's dQUICKForQUICK (never its thin dQUICK pair).
    const tokens = w.t.world.tokens;
    const priceIn = async (token: Address, quote: TokenKey, quotePerUnit: number) => {
      const symbol = (Object.keys(tokens) as TokenKey[]).find((k) => tokens[k].address === token)!;
      const p = await reservesOf(w.t.world.pairs[`${symbol}-${quote}` as PairKey].address);
      const [rToken, dToken, rQuote, dQuote] =
        p.token0 === token ? [p.r0, p.d0, p.r1, p.d1] : [p.r1, p.d1, p.r0, p.d0];
      return (Number(rQuote) / 10 ** dQuote / (Number(rToken) / 10 ** dToken)) * quotePerUnit;
    };
    const priceOf = async (token: Address): Promise<number> => {
      if (token === tokens.USDC.address) return 1;
      if (token === tokens.QUICK.address)
        return priceIn(token, 'WMATIC', await priceOf(tokens.WMATIC.address));
      if (token === tokens.DQUICK.address) {
        const quickPerDquick = await c.readContract({
          address: token,
          abi: dragonLair.abi,
          functionName: 'dQUICKForQUICK',
          args: [10n ** 18n],
          ...at,
        });
        return (await priceOf(tokens.QUICK.address)) * (Number(quickPerDquick) / 1e18);
      }
      return priceIn(token, 'USDC', 1);
    };

    const p = await reservesOf(worldFarm.pair);
    const tvl =
      (Number(p.r0) / 10 ** p.d0) * (await priceOf(p.token0)) +
      (Number(p.r1) / 10 ** p.d1) * (await priceOf(p.token1));
    const lpPrice = tvl / (Number(p.supply) / 1e18);
    const abi = worldFarm.kind === 'lp' ? stakingRewards.abi : stakingDualRewards.abi;
    const farmRead = async (functionName: string, args?: readonly unknown[]) =>
      (await c.readContract({
        address: worldFarm.address,
        abi,
        functionName,
        args,
        ...at,
      } as never)) as bigint;
    const farmSupply = await farmRead('totalSupply');
    const staked = await farmRead('balanceOf', [account()]);

    expect(item.pool.snapshot.reserve0).toBe(formatUnits(p.r0, p.d0));
    expect(item.pool.snapshot.reserve1).toBe(formatUnits(p.r1, p.d1));
    expect(item.pool.snapshot.total_supply).toBe(formatUnits(p.supply, 18));
    close(item.pool.snapshot.total_liquidity_usd, tvl);
    close(item.farm.snapshot.total_liquidity_usd, (Number(farmSupply) / 1e18) * lpPrice);
    close(item.farm.snapshot.share_of_pool, Number(farmSupply) / Number(p.supply));
    expect(item.farm.snapshot.total_supply).toBe(formatUnits(farmSupply, 18));

    const position = item.farm_position_snapshot;
    expect(position.staked).toBe(formatUnits(staked, 18));
    close(position.total_liquidity_usd, (Number(staked) / 1e18) * lpPrice);
    close(position.share_of_farm, Number(staked) / Number(farmSupply));
    const earnedNames = worldFarm.kind === 'lp' ? ['earned'] : ['earnedA', 'earnedB'];
    const wireNames = worldFarm.kind === 'lp' ? ['earned'] : ['earned_a', 'earned_b'];
    for (const [k, rewardToken] of worldFarm.rewardTokenAddresses.entries()) {
      const d = await decimalsOf(rewardToken);
      const earned = await farmRead(earnedNames[k]!, [account()]);
      expect(earned).toBeGreaterThan(0n);
      expect(position[wireNames[k]!]).toBe(formatUnits(earned, d));
      close(position[`${wireNames[k]}_in_usd`], (Number(earned) / 10 ** d) * (await priceOf(rewardToken)));
    }
  });

  it('a refresh after time passes adds a second snapshot with more earned, newest first', async () => {
    const before = await detail(key);
    await w.t.anvil.increaseTime(3_600);
    await w.t.anvil.mine();
    expect((await refresh(key)).statusCode).toBe(200);
    const after = await detail(key);
    expect(after.farm_position_snapshots).toHaveLength(before.farm_position_snapshots.length + 1);
    const [newest, previous] = after.farm_position_snapshots as (LpPositionSnapshot | DualPositionSnapshot)[];
    expect(newest!.block_number).toBeGreaterThan(previous!.block_number);
    const earnedOf = (s: LpPositionSnapshot | DualPositionSnapshot) =>
      Number('earned' in s ? s.earned : s.earned_a);
    expect(earnedOf(newest!)).toBeGreaterThan(earnedOf(previous!));
    expect(after.farm.snapshot!.block_number).toBe(newest!.block_number);
  });
});

describe('all-or-nothing refreshes', () => {
  const lpFarm = () => w.t.world.farms.wethUsdc;

  it('a price source failing after the chain read writes nothing and says PRICE_UNAVAILABLE', async () => {
    let calls = 0;
    const failing: OnchainPriceSource = {
      name: 'onchain',
      async getUsdPrices() {
        throw new Error('price backend exploded');
      },
      planPrices: () => () => {
        calls += 1;
        throw new Error('price backend exploded');
      },
    };
    const writer = createSnapshotPipeline({
      db: w.testApp.database.db,
      chain: w.t.chain,
      prices: { onchain: failing },
      chainId: w.t.world.chainId,
    });
    const before = await countSnapshots(w);
    await expect(writer.refreshSnapshots({ farms: [lpFarm()], accounts: [account()] })).rejects.toMatchObject(
      {
        code: 'PRICE_UNAVAILABLE',
      },
    );
    expect(calls).toBe(1);
    expect(await countSnapshots(w)).toEqual(before);
  });

  it('a dead RPC writes nothing and says CHAIN_UNAVAILABLE', async () => {
    const dead = createChainClient({
      rpcUrls: ['http://127.0.0.1:1'],
      chainId: w.t.world.chainId,
      multicall3Address: w.t.world.multicall3,
      retryCount: 0,
    });
    const writer = createSnapshotPipeline({
      db: w.testApp.database.db,
      chain: dead,
      prices: w.prices,
      chainId: w.t.world.chainId,
    });
    const before = await countSnapshots(w);
    await expect(writer.refreshSnapshots({ farms: [lpFarm()], accounts: [account()] })).rejects.toMatchObject(
      {
        code: 'CHAIN_UNAVAILABLE',
      },
    );
    expect(await countSnapshots(w)).toEqual(before);
  });

  it('a read reverting inside the multicall answers an error body and keeps the last good snapshot', async () => {
    const last = await detail('wethUsdc');
    const before = await countSnapshots(w);
    // Calls 0 and 1 read the block; 2 is the pair's reserves.
    w.t.proxy.inject({ type: 'revertInside', callIndex: 2 });
    try {
      const response = await refresh('wethUsdc');
      expect(response.statusCode).toBe(502);
      expect(response.json()).toMatchObject({ code: 'CHAIN_UNAVAILABLE', error: 'Bad Gateway' });
      expect(response.json().message).toMatch(
        new RegExp(
          `^Read failed at block \\d+: pair ${w.t.world.farms.wethUsdc.pair}: getReserves\\(\\): reverted: injected revert`,
        ),
      );
    } finally {
      w.t.proxy.clearFaults();
    }
    expect(await countSnapshots(w)).toEqual(before);
    expect(await detail('wethUsdc')).toEqual(last);
  });
});
