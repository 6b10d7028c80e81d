import { stakingDualRewards, stakingRewards } from '@tidewatch/contracts';
import type { FarmKind } from '@tidewatch/shared';
import { farmIndexPageSchema, findMyFarmsResponseSchema, trackedSummarySchema } from '@tidewatch/shared';
import {
  deployFarmGenerations,
  type GenerationFarm,
  stakeInFarms,
  TxSender,
  testAccounts,
} from '@tidewatch/testkit';
import { sql } from 'kysely';
import { type Address, getAddress } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshFarmIndex } from '../src/core/farm-index/index-refresh.ts';
import { addWmaticUsdcLiquidity, createFarmUser, type FarmsWorld, startFarmsWorld } from './farms-setup.ts';

// The farm index over several factory generations on the local chain (49 farms: active, ended, never
// funded, a paused dual farm), and 'find my farms' for a wallet with stakes in some and only unclaimed
// rewards in one.
let w: FarmsWorld;
let user: { token: string; userId: number };
let generations: GenerationFarm[];
const wallet = testAccounts.idle.address;
/** Farms the wallet stakes in and keeps its stake; the farm it leaves with rewards unclaimed. */
let staked: GenerationFarm[];
let rewardsOnly: GenerationFarm;

const db = () => w.testApp.database.db;
const client = () => w.t.anvil.client;
const factories = () => ({
  lp: [w.t.world.lpFarmFactory, ...new Set(generations.filter((f) => f.kind === 'lp').map((f) => f.factory))],
  dual: [
    w.t.world.dualFarmFactory,
    ...new Set(generations.filter((f) => f.kind === 'dual').map((f) => f.factory)),
  ],
});
const refresh = () =>
  refreshFarmIndex({
    db: db(),
    pipeline: w.writer,
    chain: w.t.chain,
    chainId: w.t.world.chainId,
    factories: factories(),
    registry: [],
    pairFactory: w.t.world.factory,
  });

beforeAll(async () => {
  w = await startFarmsWorld();
  // Three LP and one dual generation over every world pair; every fifth unfunded, every fifth + 1 short.
  generations = await deployFarmGenerations(w.t.anvil, w.t.world, {
    lpFactories: 3,
    dualFactories: 1,
    durationOf: (i) => (i % 5 === 0 ? 0 : i % 5 === 1 ? 600 : 30 * 86_400),
  });
  // The wallet adds WMATIC-USDC liquidity and stakes it in that pair's farms of every generation.
  const pair = w.t.world.pairs['WMATIC-USDC'].address;
  const lp = await addWmaticUsdcLiquidity(w, wallet);
  const onPair = generations.filter((f) => f.pair === pair && f.duration > 0);
  expect(onPair.length).toBeGreaterThanOrEqual(3);
  await stakeInFarms(
    w.t.anvil,
    wallet,
    onPair.map((f) => ({
      farm: f.address,
      kind: f.kind,
      pair: f.pair,
      amount: lp / BigInt(onPair.length + 1),
    })),
  );
  await w.t.anvil.increaseTime(3_600);
  // It leaves one farm entirely: only its unclaimed rewards remain there.
  rewardsOnly = onPair[0]!;
  staked = onPair.slice(1);
  const out = new TxSender(w.t.anvil);
  const abi = rewardsOnly.kind === 'lp' ? stakingRewards.abi : stakingDualRewards.abi;
  await out.call(wallet, rewardsOnly.address, abi, 'withdraw', [lp / BigInt(onPair.length + 1)]);
  await out.assertAllSucceeded();
  user = await createFarmUser(w, [wallet]);
}, 180_000);
afterAll(() => w?.close());

async function chainFigures(farm: { address: Address; kind: FarmKind }) {
  const abi = farm.kind === 'lp' ? stakingRewards.abi : stakingDualRewards.abi;
  const read = (functionName: string, args: unknown[] = []) =>
    client().readContract({ address: farm.address, abi, functionName, args } as never) as Promise<bigint>;
  return {
    periodFinish: await read('periodFinish'),
    totalSupply: await read('totalSupply'),
    rate: await read(farm.kind === 'lp' ? 'rewardRate' : 'rewardRateA'),
    staked: await read('balanceOf', [wallet]),
    earned:
      farm.kind === 'lp'
        ? [await read('earned', [wallet])]
        : [await read('earnedA', [wallet]), await read('earnedB', [wallet])],
  };
}

const allFarms = () => [
  ...Object.values(w.t.world.farms).map((f) => ({ address: f.address, kind: f.kind })),
  ...generations.map((f) => ({ address: f.address, kind: f.kind })),
];

describe('the farm index', () => {
  it('holds every farm the factories deployed, with the figures the chain has', async () => {
    w.t.proxy.reset();
    const report = await refresh();
    expect(report).toEqual({ farms: allFarms().length, rejected: [], failedSources: [] });
    expect(allFarms().length).toBeGreaterThanOrEqual(40);
    const rows = await db().selectFrom('farm_index').selectAll().execute();
    expect(new Set(rows.map((r) => r.address))).toEqual(
      new Set(allFarms().map((f) => getAddress(f.address))),
    );
    const now = (await client().getBlock()).timestamp;
    for (const farm of allFarms()) {
      const row = rows.find((r) => r.address === getAddress(farm.address))!;
      const chain = await chainFigures(farm);
      expect(row.kind).toBe(farm.kind);
      expect(new Date(row.period_finish).getTime()).toBe(Number(chain.periodFinish) * 1000);
      // A farm never funded (periodFinish 0) has not started rather than ended.
      expect(row.is_ended).toBe(chain.periodFinish > 0n && chain.periodFinish <= now ? 1 : 0);
      expect(row.total_staked).toBe(formatWhole(chain.totalSupply));
      expect(row.reward_rate_a).toBe(formatWhole(chain.rate));
    }
    expect(rows.filter((r) => r.is_paused === 1).map((r) => r.address)).toEqual([
      w.t.world.farms.dualDquickUsdcPaused.address,
    ]);
    // Enumerating 5 factories and reading 49 farms with prices: a handful of requests, not one per farm.
    expect(w.t.proxy.requestCount).toBeLessThanOrEqual(8);
  });

  it('lists the index paginated, sorted by TVL or APR (unknown last), filtered by token and status', async () => {
    const page = async (query: string) => {
      const response = await w.testApp.request({ method: 'GET', url: `/api/quickswap/farm-index?${query}` });
      expect(response.statusCode).toBe(200);
      return farmIndexPageSchema.parse(response.json());
    };
    const first = await page('per_page=20');
    expect(first.total).toBe(allFarms().length);
    expect(first.items).toHaveLength(20);
    expect(first.refreshed_at).not.toBeNull();
    const tvls = first.items.map((i) => i.tvl_usd);
    const known = tvls.filter((v): v is number => v !== null);
    expect(known).toEqual([...known].sort((a, b) => b - a));
    const third = await page('per_page=20&page=3');
    expect(third.items).toHaveLength(allFarms().length - 40);
    const byApr = await page('sort=apr&order=asc&per_page=100');
    const aprs = byApr.items.map((i) => i.apr).filter((v): v is number => v !== null);
    expect(aprs).toEqual([...aprs].sort((a, b) => a - b));
    expect(byApr.items.at(-1)!.apr === null || aprs.length === byApr.items.length).toBe(true);
    const wbtc = await page('token=wbtc&per_page=100');
    expect(wbtc.items.length).toBeGreaterThan(0);
    for (const item of wbtc.items) expect([item.token0.symbol, item.token1.symbol]).toContain('WBTC');
    const ended = await page('status=ended&per_page=100');
    expect(ended.items.length).toBeGreaterThan(0);
    for (const item of ended.items) expect(item.is_ended).toBe(true);
    const dual = await page('kind=dual&status=active&per_page=100');
    for (const item of dual.items) expect([item.kind, item.is_ended]).toEqual(['dual', false]);
    const bad = await w.testApp.request({ method: 'GET', url: '/api/quickswap/farm-index?sort=volume' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.map((d: { field: string }) => d.field)).toContain('querystring.sort');
  });

  it('keeps its last state and says why when the factories cannot be reached', async () => {
    const before = await db().selectFrom('farm_index').select('address').execute();
    w.t.proxy.inject({ type: 'http5xx', status: 503 });
    try {
      await expect(refresh()).rejects.toMatchObject({ code: 'CHAIN_UNAVAILABLE' });
    } finally {
      w.t.proxy.clearFaults();
    }
    expect(await db().selectFrom('farm_index').select('address').execute()).toEqual(before);
    const response = await w.testApp.request({ method: 'GET', url: '/api/quickswap/farm-index' });
    const body = farmIndexPageSchema.parse(response.json());
    expect(body.total).toBe(before.length);
    expect(body.refreshed_at).not.toBeNull();
    expect(body.last_error?.message).toMatch(/503/);
  });
});

describe('find my farms', () => {
  it('finds exactly the farms where the wallet has stake or unclaimed rewards, in two requests (find, value)', async () => {
    w.t.proxy.reset();
    const response = await w.testApp.request({
      method: 'POST',
      url: '/api/quickswap/find-my-farms',
      token: user.token,
      payload: { wallet_address: wallet },
    });
    expect(response.statusCode).toBe(200);
    const body = findMyFarmsResponseSchema.parse(response.json());
    // One aggregate3 for every farm of the index, one to value what was found (after a fault, the client
    // also checks the chain id once).
    expect(w.t.proxy.calls.filter((method) => method === 'eth_call')).toHaveLength(2);
    expect(body.checked).toBe(allFarms().length);
    const expected: string[] = [];
    for (const farm of allFarms()) {
      const chain = await chainFigures(farm);
      if (chain.staked > 0n || chain.earned.some((e) => e > 0n)) expected.push(getAddress(farm.address));
    }
    expect(new Set(body.farms.map((f) => f.farm.address))).toEqual(new Set(expected));
    expect(expected).toEqual(expect.arrayContaining([...staked, rewardsOnly].map((f) => f.address)));
    const left = body.farms.find((f) => f.farm.address === rewardsOnly.address)!;
    expect(Number(left.staked)).toBe(0);
    expect(Number(left.earned[0]!.amount)).toBeGreaterThan(0);
    for (const found of body.farms) expect(found.is_tracked).toBe(false);
  });

  it("refuses a wallet that is not the user's, and names a malformed one", async () => {
    const other = await w.testApp.request({
      method: 'POST',
      url: '/api/quickswap/find-my-farms',
      token: user.token,
      payload: { wallet_address: testAccounts.deployer.address },
    });
    expect(other.statusCode).toBe(404);
    const bad = await w.testApp.request({
      method: 'POST',
      url: '/api/quickswap/find-my-farms',
      token: user.token,
      payload: { wallet_address: 'nope' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.map((d: { field: string }) => d.field)).toContain('body.wallet_address');
    const anonymous = await w.testApp.request({
      method: 'POST',
      url: '/api/quickswap/find-my-farms',
      payload: { wallet_address: wallet },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it("'track all' imports the farms not imported yet and tracks every one, in one transaction", async () => {
    const found = findMyFarmsResponseSchema.parse(
      (
        await w.testApp.request({
          method: 'POST',
          url: '/api/quickswap/find-my-farms',
          token: user.token,
          payload: { wallet_address: wallet },
        })
      ).json(),
    );
    const addresses = found.farms.map((f) => f.farm.address);
    const response = await w.testApp.request({
      method: 'POST',
      url: '/api/quickswap/track-discovered',
      token: user.token,
      payload: { wallet_address: wallet, farm_addresses: addresses },
    });
    expect(response.statusCode).toBe(200);
    expect(new Set(response.json().tracked)).toEqual(new Set(addresses));
    const summary = trackedSummarySchema.parse(
      (
        await w.testApp.request({ method: 'GET', url: '/api/quickswap/tracked-summary', token: user.token })
      ).json(),
    );
    const tracked = [...summary.lp_mining, ...summary.dual_mining];
    expect(new Set(tracked.map((t) => t.farm.address))).toEqual(new Set(addresses));
    for (const item of tracked) expect(item.farm_position_snapshot).not.toBeNull();
    // Again: nothing new, and find my farms now says they are tracked.
    const again = await w.testApp.request({
      method: 'POST',
      url: '/api/quickswap/track-discovered',
      token: user.token,
      payload: { wallet_address: wallet, farm_addresses: addresses },
    });
    expect(again.json()).toEqual({ tracked: [], already_tracked: expect.arrayContaining(addresses) });
    const counts = await sql<{ n: number }>`select count(*) as n from tracked_farms`.execute(db());
    expect(Number(counts.rows[0]!.n)).toBe(addresses.length);
  });
});

function formatWhole(value: bigint): string {
  const whole = value / 10n ** 18n;
  const fraction = (value % 10n ** 18n).toString().padStart(18, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : `${whole}`;
}
