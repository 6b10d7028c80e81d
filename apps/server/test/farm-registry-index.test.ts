import { pair as pairArtifact, stakingDualRewards, stakingRewards, testErc20 } from '@tidewatch/contracts';
import {
  farmIndexPageSchema,
  findMyFarmsResponseSchema,
  healthSchema,
  leftInEndedFarmsSchema,
} from '@tidewatch/shared';
import {
  deployFarmGenerations,
  type GenerationFarm,
  placeFarmsAt,
  stakeInFarms,
  testAccounts,
} from '@tidewatch/testkit';
import { type Address, formatUnits, getAddress, isAddressEqual } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshFarmIndex } from '../src/core/farm-index/index-refresh.ts';
import { loadFarmRegistry, type RegistryFarm } from '../src/core/farm-index/registry.ts';
import {
  addWmaticUsdcLiquidity,
  createFarmUser,
  type FarmsWorld,
  importWorldFarm,
  startFarmsWorld,
} from './farms-setup.ts';

/*
 * Issue 29: the index is factories ∪ QuickSwap's published lists. On the local chain, QuickSwap's factory
 * generations (Solidity 0.5.16 bytecode: a read past an array's end burns all its gas) sit beside farms that
 * only the registry knows, placed at real registry addresses as real bytecode with their storage; the
 * registry also names an address with no code, a syrup-like pool and a farm over another exchange's LP
 * token, and the configuration names a factory that does not exist.
 */
let w: FarmsWorld;
let generations: GenerationFarm[];
let registryOnly: GenerationFarm[];
let registry: RegistryFarm[];
let user: { token: string; userId: number };
const wallet = testAccounts.idle.address;
const missingFactory = getAddress('0x00000000000000000000000000000000000fac70');
const db = () => w.testApp.database.db;

const builtin = loadFarmRegistry();
const registryLp = builtin.filter((f) => f.kind === 'lp');
const registryDual = builtin.filter((f) => f.kind === 'dual');
const noCode = registryLp[1]!;

const refresh = () =>
  refreshFarmIndex({
    db: db(),
    pipeline: w.writer,
    chain: w.t.chain,
    chainId: w.t.world.chainId,
    factories: {
      lp: [
        w.t.world.lpFarmFactory,
        ...new Set(generations.filter((f) => f.kind === 'lp').map((f) => f.factory)),
      ],
      dual: [
        w.t.world.dualFarmFactory,
        ...new Set(generations.filter((f) => f.kind === 'dual').map((f) => f.factory)),
        missingFactory,
      ],
    },
    registry,
    pairFactory: w.t.world.factory,
  });

beforeAll(async () => {
  w = await startFarmsWorld();
  generations = await deployFarmGenerations(w.t.anvil, w.t.world, {
    lpFactories: 2,
    dualFactories: 1,
    pairs: ['WMATIC-USDC', 'WETH-USDC'],
  });
  const lpSource = generations.find((f) => f.kind === 'lp' && f.duration > 0)!;
  const dualSource = generations.find((f) => f.kind === 'dual' && f.duration > 0)!;
  registryOnly = await placeFarmsAt(w.t.anvil, w.t.world, [
    { farm: lpSource, to: registryLp[0]!.address },
    { farm: dualSource, to: registryDual[0]!.address },
  ]);
  const source = [{ repository: 'test', path: 'farm-registry-index.test.ts', commit: 'none' }];
  registry = [
    registryLp[0]!,
    registryDual[0]!,
    noCode,
    { address: w.t.world.notLpFarms.syrupPool, kind: 'lp', sources: source },
    { address: w.t.world.notLpFarms.otherExchangeFarm, kind: 'lp', sources: source },
    // Also known to a factory: listed once.
    { address: getAddress(w.t.world.farms.wmaticUsdc.address), kind: 'lp', sources: source },
  ];

  // The wallet stakes in both registry-only farms; an hour of rewards accrues.
  const pairAddress = w.t.world.pairs['WMATIC-USDC'].address;
  const lp = await addWmaticUsdcLiquidity(w, wallet);
  await stakeInFarms(
    w.t.anvil,
    wallet,
    registryOnly
      .filter((f) => f.pair === pairAddress)
      .map((f) => ({ farm: f.address, kind: f.kind, pair: f.pair, amount: lp / 4n })),
  );
  await w.t.anvil.increaseTime(3_600);
  await w.t.anvil.mine();
  user = await createFarmUser(w, [wallet]);
}, 180_000);
afterAll(() => w?.close());

/** POST find-my-farms for the test's wallet, as its user. */
const findMyFarms = async () =>
  findMyFarmsResponseSchema.parse(
    (
      await w.testApp.request({
        method: 'POST',
        url: '/api/quickswap/find-my-farms',
        token: user.token,
        payload: { wallet_address: wallet },
      })
    ).json(),
  );

const worldFarms = () => Object.values(w.t.world.farms).map((f) => getAddress(f.address));

describe('the farm index over factories and the registry', () => {
  it('reads token symbols and names again on every refresh, keyed by address (WMATIC answers WPOL today)', async () => {
    await importWorldFarm(w, w.t.world.farms.wmaticUsdc);
    const wmatic = getAddress(w.t.world.tokens.WMATIC.address);
    // As stored at an import before Polygon's PIP-45 renamed the token.
    await db()
      .updateTable('tokens')
      .set({ symbol: 'OLD-SYMBOL', name: 'an old name' })
      .where('address', '=', wmatic)
      .execute();
    await refresh();
    const row = await db()
      .selectFrom('tokens')
      .select(['symbol', 'name'])
      .where('address', '=', wmatic)
      .executeTakeFirstOrThrow();
    const read = (functionName: 'symbol' | 'name') =>
      w.t.anvil.client.readContract({ address: wmatic, abi: testErc20.abi, functionName }) as Promise<string>;
    expect(row).toEqual({ symbol: await read('symbol'), name: await read('name') });
  });

  it('lists every factory farm and every registry farm whose reads succeed, and reports the rest', async () => {
    const report = await refresh();
    const listed = (await db().selectFrom('farm_index').select(['address', 'factory']).execute()).map(
      (r) => r.address,
    );
    const expected = [
      ...worldFarms(),
      ...generations.map((f) => f.address),
      ...registryOnly.map((f) => f.address),
    ];
    expect(new Set(listed)).toEqual(new Set(expected));
    expect(report.farms).toBe(expected.length);

    // Refused, each with why; nothing of them half in the list.
    const reasonOf = (address: Address) =>
      report.rejected.find((r) => r.address === getAddress(address))?.reason;
    expect(reasonOf(noCode.address)).toMatch(/no staking contract answers/);
    expect(reasonOf(w.t.world.notLpFarms.syrupPool)).toMatch(/its reads failed/);
    expect(reasonOf(w.t.world.notLpFarms.otherExchangeFarm)).toMatch(/another exchange/);
    expect(report.rejected).toHaveLength(3);
    // The factory that is not there is named with what the node said; the others still refreshed.
    expect(report.failedSources).toEqual([
      {
        source: `factory ${missingFactory}`,
        error: `factory ${missingFactory.slice(0, 6)}…${missingFactory.slice(-4)}: no contract code at that address`,
      },
    ]);
  });

  it('says so on /api/health: farms, refusals by reason, the failed source with its age', async () => {
    const response = await w.testApp.request({ method: 'GET', url: '/api/health' });
    const health = healthSchema.parse(response.json());
    const expectedFarms = worldFarms().length + generations.length + registryOnly.length;
    expect(health.farm_index).toMatchObject({ farms: expectedFarms, rejected: 3 });
    expect(Object.values(health.farm_index!.rejected_by_reason).reduce((a, b) => a + b, 0)).toBe(3);
    // It has failed in every refresh so far: since the first one.
    const first = await db()
      .selectFrom('farm_index_runs')
      .select('finished_at')
      .where('finished_at', 'is not', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    expect(first.finished_at).not.toBe(health.farm_index!.refreshed_at);
    expect(health.farm_index!.failed_sources).toEqual([
      expect.objectContaining({ source: `factory ${missingFactory}`, since: first.finished_at }),
    ]);
  });

  it("finds the wallet's stake and rewards in registry-only farms, amounts equal to the chain's", async () => {
    const response = await w.testApp.request({
      method: 'POST',
      url: '/api/quickswap/find-my-farms',
      token: user.token,
      payload: { wallet_address: wallet },
    });
    expect(response.statusCode).toBe(200);
    const body = findMyFarmsResponseSchema.parse(response.json());
    const blockNumber = BigInt(body.block_number);
    for (const farm of registryOnly.filter((f) => f.pair === w.t.world.pairs['WMATIC-USDC'].address)) {
      const found = body.farms.find((f) => f.farm.address === farm.address);
      expect(found, `${farm.address} found`).toBeDefined();
      const abi = farm.kind === 'lp' ? stakingRewards.abi : stakingDualRewards.abi;
      const read = (functionName: string) =>
        w.t.anvil.client.readContract({
          address: farm.address,
          abi,
          functionName,
          args: [wallet],
          blockNumber,
        } as never) as Promise<bigint>;
      expect(found!.staked).toBe(formatUnits(await read('balanceOf'), 18));
      const earned =
        farm.kind === 'lp' ? [await read('earned')] : [await read('earnedA'), await read('earnedB')];
      expect(found!.earned.map((e) => e.amount)).toEqual(earned.map((e) => formatUnits(e, 18)));
      expect(earned[0]).toBeGreaterThan(0n);
      // Reward A is the old QUICK: named apart, and valued at its price from the chain (its WMATIC pair,
      // WMATIC by its USDC pair), the test's own arithmetic from reserves.
      expect(found!.earned[0]!.symbol).toBe('QUICK (old)');
      const usd = Number(formatUnits(earned[0]!, 18)) * (await oldQuickPrice(blockNumber));
      expect(found!.earned[0]!.usd).toBeCloseTo(usd, 6);
    }
    // Ended farms first, then by value: none of these has ended, so by value, highest first.
    const totals = body.farms.map(
      (f) => (f.staked_usd ?? 0) + f.earned.reduce((a, e) => a + (e.usd ?? 0), 0),
    );
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
    expect(body.index.is_stale).toBe(false);
  });
});

describe("'All Quickswap Farms' at that size", () => {
  const page = (query: string, token?: string) =>
    w.testApp.request({
      method: 'GET',
      url: `/api/quickswap/farm-index?per_page=100&${query}`,
      ...(token ? { token } : {}),
    });

  it('searches by any part of a token symbol, any case, and by an address or its start', async () => {
    const bySymbol = farmIndexPageSchema.parse((await page('token=wmat')).json());
    expect(bySymbol.total).toBeGreaterThan(0);
    for (const item of bySymbol.items) {
      const symbols = [item.token0, item.token1, item.reward_token_a, item.reward_token_b].map(
        (t) => t?.symbol ?? '',
      );
      expect(symbols.some((s) => s.toLowerCase().includes('wmat'))).toBe(true);
    }
    const farm = registryOnly[0]!.address;
    const byAddress = farmIndexPageSchema.parse(
      (await page(`token=${farm.slice(0, 12).toLowerCase()}`)).json(),
    );
    expect(byAddress.items.map((i) => i.address)).toContain(farm);
    const byPair = farmIndexPageSchema.parse((await page(`token=${registryOnly[0]!.pair}`)).json());
    expect(byPair.items.every((i) => i.pair_address === registryOnly[0]!.pair)).toBe(true);
    expect(byPair.items.map((i) => i.address)).toContain(farm);
  });

  it("filters to the farms where the user's wallets have something; needs a session", async () => {
    const mine = farmIndexPageSchema.parse((await page('holdings=mine', user.token)).json());
    const found = await findMyFarms();
    expect(new Set(mine.items.map((i) => i.address))).toEqual(
      new Set(found.farms.map((f) => f.farm.address)),
    );
    expect(mine.total).toBeGreaterThan(0);
    expect((await page('holdings=mine')).statusCode).toBe(401);
    const bad = await page('holdings=yes', user.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.map((d: { field: string }) => d.field)).toContain('querystring.holdings');
  });
});

describe("the dashboard's 'left in ended farms'", () => {
  it('sums per wallet what is left in ended farms, as find my farms values it', async () => {
    const left = async () =>
      leftInEndedFarmsSchema.parse(
        (
          await w.testApp.request({
            method: 'GET',
            url: '/api/quickswap/left-in-ended-farms',
            token: user.token,
          })
        ).json(),
      );
    // Nothing has ended yet where the wallet has something.
    expect((await left()).wallets).toEqual([{ wallet_address: wallet, farms: 0, value_usd: 0, unpriced: 0 }]);
    // A month on, every farm of these generations has ended. The chain's clock decides, not the index's
    // flag: before the daily refresh has seen it, the dashboard already counts them.
    await w.t.anvil.increaseTime(31 * 86_400);
    await w.t.anvil.mine();
    const beforeRefresh = (await left()).wallets[0]!;
    await refresh();
    const found = await findMyFarms();
    const endedFound = found.farms.filter((f) => f.farm.is_ended);
    expect(endedFound.length).toBeGreaterThan(0);
    // Ended farms come first.
    expect(found.farms.slice(0, endedFound.length).every((f) => f.farm.is_ended)).toBe(true);
    const expected = endedFound.reduce(
      (sum, f) => sum + (f.staked_usd ?? 0) + f.earned.reduce((a, e) => a + (e.usd ?? 0), 0),
      0,
    );
    const [row] = (await left()).wallets;
    expect(row).toMatchObject({ wallet_address: wallet, farms: endedFound.length, unpriced: 0 });
    expect(row!.value_usd).toBeCloseTo(expected, 6);
    expect(beforeRefresh.farms).toBe(endedFound.length);
    expect(
      (await w.testApp.request({ method: 'GET', url: '/api/quickswap/left-in-ended-farms' })).statusCode,
    ).toBe(401);
  });
});

/** Old QUICK in USD at a block: QUICK-WMATIC reserves, then WMATIC-USDC reserves. */
async function oldQuickPrice(blockNumber: bigint): Promise<number> {
  const { pairs, tokens } = w.t.world;
  const priceIn = async (
    pairAddress: Address,
    base: Address,
    baseDecimals: number,
    quoteDecimals: number,
  ) => {
    const read = (functionName: string) =>
      w.t.anvil.client.readContract({
        address: pairAddress,
        abi: pairArtifact.abi,
        functionName,
        blockNumber,
      } as never);
    const [reserve0, reserve1] = (await read('getReserves')) as readonly [bigint, bigint, number];
    const token0 = (await read('token0')) as Address;
    const [baseReserve, quoteReserve] = isAddressEqual(token0, base)
      ? [reserve0, reserve1]
      : [reserve1, reserve0];
    return Number(formatUnits(quoteReserve, quoteDecimals)) / Number(formatUnits(baseReserve, baseDecimals));
  };
  const wmaticUsd = await priceIn(pairs['WMATIC-USDC'].address, tokens.WMATIC.address, 18, 6);
  const quickInWmatic = await priceIn(pairs['QUICK-WMATIC'].address, tokens.QUICK.address, 18, 18);
  return quickInWmatic * wmaticUsd;
}
