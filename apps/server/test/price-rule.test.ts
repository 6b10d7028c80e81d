import { dragonLair, pair as pairArtifact } from '@tidewatch/contracts';
import { farmDetailSchema, farmIndexPageSchema, lpFarmListSchema } from '@tidewatch/shared';
import {
  type CmcServer,
  cmcListingsForWorld,
  type PairKey,
  startCmcServer,
  swapExactIn,
  worldAppEnv,
  worldPriceOptions,
} from '@tidewatch/testkit';
import { getAddress } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRelativelyClose, startTestChain } from '../src/core/chain/testing.ts';
import { refreshFarmIndex } from '../src/core/farm-index/index-refresh.ts';
import { createCoinMarketCapClient } from '../src/core/prices/coinmarketcap-source.ts';
import { createOnchainPriceSource } from '../src/core/prices/onchain-source.ts';
import { createSnapshotPipeline } from '../src/core/snapshots/pipeline.ts';
import { runDueSnapshots } from '../src/jobs/snapshot-run.ts';
import { createFarmUser, type FarmsWorld, importWorldFarm, trackWorldFarms } from './farms-setup.ts';
import { createTestApp } from './helpers.ts';

// Issue 30, finding 1: one price per token per moment. The local price server quotes WETH and dQUICK
// apart from the chain (as the demo's fixed prices drift from ten days of trades), and every token of the
// WETH-USDC farm carries a CoinMarketCap id (what the old wizard forced on every import). Nobody chose the
// price API for them, so every figure must come from the chain, whichever path took the snapshot.
let w: FarmsWorld;
let cmc: CmcServer;
let user: { token: string; userId: number };

const farm = () => w.t.world.farms.wethUsdc;
const wallet = () => w.t.world.accounts.user.address;
const client = () => w.t.anvil.client;
const db = () => w.testApp.database.db;

beforeAll(async () => {
  const t = await startTestChain();
  const listings = cmcListingsForWorld(t.world).map((listing) =>
    listing.symbol === 'WETH'
      ? { ...listing, usdPrice: 2_150 }
      : listing.symbol === 'DQUICK'
        ? { ...listing, usdPrice: 51 }
        : listing,
  );
  cmc = await startCmcServer({ apiKey: 'test-key', listings });
  const prices = {
    onchain: createOnchainPriceSource({ chain: t.chain, ...worldPriceOptions(t.world) }),
    coinmarketcap: createCoinMarketCapClient({ apiKey: cmc.apiKey, baseUrl: cmc.url }),
  };
  const testApp = await createTestApp({ env: worldAppEnv(t.world), deps: { chain: t.chain, prices } });
  const writer = createSnapshotPipeline({ db: testApp.database.db, chain: t.chain, prices, chainId: 137 });
  w = {
    t,
    testApp,
    writer,
    prices,
    close: async () => {
      await testApp.close();
      await cmc.stop();
      await t.stop();
    },
  };
  await importWorldFarm(w, farm());
  const ids = new Map(listings.map((l) => [l.polygonAddress?.toLowerCase(), l.id]));
  for (const token of await db().selectFrom('tokens').select(['id', 'address']).execute()) {
    const id = ids.get(token.address.toLowerCase());
    if (id)
      await db().updateTable('tokens').set({ coinmarketcap_id: id }).where('id', '=', token.id).execute();
  }
  user = await createFarmUser(w, [wallet()]);
  await trackWorldFarms(w, user, ['wethUsdc']);
}, 120_000);
afterAll(() => w?.close());

async function reservesOf(key: PairKey) {
  const [r0, r1] = await client().readContract({
    address: w.t.world.pairs[key].address,
    abi: pairArtifact.abi,
    functionName: 'getReserves',
  });
  const pair = w.t.world.pairs[key];
  const isAFirst = pair.token0 === getAddress(w.t.world.tokens[pair.tokenA].address);
  return isAFirst ? { a: r0, b: r1 } : { a: r1, b: r0 };
}

/** This test's own arithmetic from chain reads: WETH through its USDC pair, dQUICK through its lair. */
async function chainPrices() {
  const wethUsdc = await reservesOf('WETH-USDC');
  const wmaticUsdc = await reservesOf('WMATIC-USDC');
  const quickWmatic = await reservesOf('QUICK-WMATIC');
  const wmatic = Number(wmaticUsdc.b) / 1e6 / (Number(wmaticUsdc.a) / 1e18);
  const quick = (Number(quickWmatic.b) / Number(quickWmatic.a)) * wmatic;
  const ratio = await client().readContract({
    address: w.t.world.tokens.DQUICK.address,
    abi: dragonLair.abi,
    functionName: 'dQUICKForQUICK',
    args: [10n ** 18n],
  });
  return {
    weth: Number(wethUsdc.b) / 1e6 / (Number(wethUsdc.a) / 1e18),
    dquick: (quick * Number(ratio)) / 1e18,
    poolTvl: 2 * (Number(wethUsdc.b) / 1e6),
  };
}

async function detail() {
  const response = await w.testApp.request({
    method: 'GET',
    url: `/api/quickswap/farm/details/${farm().address}?account=${wallet()}`,
    token: user.token,
  });
  expect(response.statusCode).toBe(200);
  return farmDetailSchema.parse(response.json());
}

async function refresh() {
  const response = await w.testApp.request({
    method: 'POST',
    url: '/api/quickswap/create-snapshots',
    token: user.token,
    payload: { address: farm().address, account_address: wallet() },
  });
  expect(response.statusCode).toBe(200);
}

async function latestTokenPrices() {
  const rows = await db()
    .selectFrom('token_snapshots')
    .innerJoin('tokens', 'tokens.id', 'token_snapshots.token_id')
    .select(['tokens.address', 'token_snapshots.price_usd', 'token_snapshots.price_source'])
    .orderBy('token_snapshots.id', 'desc')
    .execute();
  const newest = new Map<string, { usd: number | null; source: string | null }>();
  for (const row of rows) {
    const key = getAddress(row.address);
    if (!newest.has(key)) newest.set(key, { usd: row.price_usd, source: row.price_source });
  }
  return newest;
}

const refreshIndex = () =>
  refreshFarmIndex({
    db: db(),
    pipeline: w.writer,
    chain: w.t.chain,
    chainId: w.t.world.chainId,
    factories: { lp: [w.t.world.lpFarmFactory], dual: [w.t.world.dualFarmFactory] },
    registry: [],
    pairFactory: w.t.world.factory,
  });

async function listTvl(): Promise<number | null> {
  const response = await w.testApp.request({ method: 'GET', url: '/api/quickswap/farm-index?per_page=100' });
  const page = farmIndexPageSchema.parse(response.json());
  return page.items.find((item) => item.address === getAddress(farm().address))?.tvl_usd ?? null;
}

async function cardTvl(): Promise<number | null> {
  const response = await w.testApp.request({ method: 'GET', url: '/api/quickswap/farmable-pools' });
  const items = lpFarmListSchema.parse(response.json());
  return (
    items.find((item) => item.farm.address === getAddress(farm().address))?.farm.snapshot
      ?.total_liquidity_usd ?? null
  );
}

describe('one price per token per moment', () => {
  it('prices a token from its on-chain route unless the user chose the price API, and stores the route', async () => {
    await refresh();
    const expected = await chainPrices();
    const prices = await latestTokenPrices();
    const weth = prices.get(getAddress(w.t.world.tokens.WETH.address))!;
    const dquick = prices.get(getAddress(w.t.world.tokens.DQUICK.address))!;
    expect(weth.source).toBe('pair');
    expect(isRelativelyClose(weth.usd, expected.weth)).toBe(true);
    expect(dquick.source).toBe('lair');
    expect(isRelativelyClose(dquick.usd, expected.dquick)).toBe(true);
    expect(prices.get(getAddress(w.t.world.tokens.USDC.address))).toEqual({ usd: 1, source: 'pair' });
    const body = await detail();
    expect(isRelativelyClose(body.pool.snapshot?.total_liquidity_usd ?? null, expected.poolTvl)).toBe(true);
    expect(body.farm_position_snapshots[0]?.price_sources).toEqual({
      [getAddress(w.t.world.tokens.WETH.address)]: 'pair',
      [getAddress(w.t.world.tokens.USDC.address)]: 'pair',
      [getAddress(w.t.world.tokens.DQUICK.address)]: 'lair',
    });
  });

  it('without a trade, manual, automatic, history and token snapshots all hold the same figures', async () => {
    await refresh();
    const first = (await detail()).farm_position_snapshots[0]!;
    const tokenPricesBefore = await latestTokenPrices();
    await w.t.anvil.mine();
    const tokenSnapshots = await w.testApp.request({
      method: 'POST',
      url: '/api/quickswap/token-snapshots',
      token: user.token,
    });
    expect(tokenSnapshots.statusCode).toBe(201);
    expect(await latestTokenPrices()).toEqual(tokenPricesBefore);
    await w.t.anvil.mine();
    const run = await runDueSnapshots({
      db: db(),
      pipeline: w.writer,
      isPostgres: w.testApp.database.dialect === 'postgres',
      intervalMs: 3_600_000,
      now: () => new Date(Date.now() + 2 * 3_600_000),
    });
    expect(run.stored).toBe(1);
    const automatic = (await detail()).farm_position_snapshots[0]!;
    await w.t.anvil.mine();
    await refresh();
    const manual = (await detail()).farm_position_snapshots[0]!;
    // The history job's path: a past block, read as the backfill reads it.
    const past = await w.writer.collectSnapshots({
      farms: [farm()],
      accounts: [wallet()],
      block: BigInt(first.block_number),
    });
    expect(new Set([automatic.block_number, manual.block_number]).size).toBe(2);
    expect(automatic.total_liquidity_usd).toBe(first.total_liquidity_usd);
    expect(manual.total_liquidity_usd).toBe(first.total_liquidity_usd);
    expect(past.positions[0]?.totalLiquidityUsd).toBe(first.total_liquidity_usd);
    const chart = (await detail()).chart;
    expect(chart.every((point) => point.price_source_changed === false)).toBe(true);
  });

  it('shows one TVL for the farm in the list and on its card, whichever read came last', async () => {
    await refreshIndex();
    await swapExactIn(w.t.anvil, w.t.world, {
      pair: 'WETH-USDC',
      tokenIn: 'USDC',
      amountIn: 50_000n * 10n ** 6n,
    });
    await refresh();
    expect(await listTvl()).not.toBeNull();
    expect(await listTvl()).toBe(await cardTvl());
    await swapExactIn(w.t.anvil, w.t.world, { pair: 'WETH-USDC', tokenIn: 'WETH', amountIn: 10n ** 19n });
    await refreshIndex();
    expect(await listTvl()).toBe(await cardTvl());
  });
});
