import { dragonLair, pair as pairArtifact, stakingRewards, testErc20 } from '@tidewatch/contracts';
import { farmDetailSchema, type Returns } from '@tidewatch/shared';
import {
  type PairKey,
  swapExactIn,
  TxSender,
  testAccounts,
  worldAppEnv,
  worldPriceOptions,
} from '@tidewatch/testkit';
import { sql } from 'kysely';
import { isAddressEqual } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRelativelyClose, startTestChain, type TestChain } from '../src/core/chain/testing.ts';
import { archiveNeeded, runHistoryJob } from '../src/core/history/backfill.ts';
import { createOnchainPriceSource } from '../src/core/prices/onchain-source.ts';
import {
  type CollectedSnapshots,
  createSnapshotPipeline,
  type SnapshotPipeline,
} from '../src/core/snapshots/pipeline.ts';
import { importWorldFarm } from './farms-setup.ts';
import { createConfirmedUser, createTestApp, type TestApp } from './helpers.ts';

// A scripted history on the local chain, 40 days in the past: a stake, swaps that move the price, a
// second stake, a partial withdrawal, a claim, time passing and the farm ending; then the wallet is
// tracked today and the history job rebuilds its past. Every figure is checked against this test's own
// arithmetic from chain reads at those blocks. WBTC (8 decimals) / USDC (6) staked for dQUICK (18).
const day = 86_400;
const chainStart = Math.floor(Date.now() / 1000) - 40 * day;
const lp = testAccounts.idle;

let t: TestChain;
let app: TestApp;
let pipeline: SnapshotPipeline;
let user: { token: string; userId: number };
let other: { token: string };
const blocks: { firstStake: bigint; secondStake: bigint; withdrawal: bigint; claim: bigint } = {
  firstStake: 0n,
  secondStake: 0n,
  withdrawal: 0n,
  claim: 0n,
};
const amounts = { firstStake: 0n, secondStake: 0n, withdrawal: 0n, claim: 0n };
/** Live reads taken at the last block of some UTC days, to compare with the rebuilt daily points. */
const liveAtDayEnd: CollectedSnapshots[] = [];

const farm = () => t.world.farms.wbtcUsdc;
const client = () => t.anvil.client;
const db = () => app.database.db;

async function reservesOf(key: PairKey, block: bigint): Promise<{ a: bigint; b: bigint; supply: bigint }> {
  const pair = t.world.pairs[key];
  const [r0, r1] = await client().readContract({
    address: pair.address,
    abi: pairArtifact.abi,
    functionName: 'getReserves',
    blockNumber: block,
  });
  const supply = await client().readContract({
    address: pair.address,
    abi: pairArtifact.abi,
    functionName: 'totalSupply',
    blockNumber: block,
  });
  const isAToken0 = isAddressEqual(pair.token0, t.world.tokens[pair.tokenA].address);
  return isAToken0 ? { a: r0, b: r1, supply } : { a: r1, b: r0, supply };
}

/** The test's own prices at a block: USDC is $1, WBTC from its USDC pair, dQUICK = QUICK x lair ratio. */
async function pricesAt(block: bigint) {
  const wbtc = await reservesOf('WBTC-USDC', block);
  const wmatic = await reservesOf('WMATIC-USDC', block);
  const quick = await reservesOf('QUICK-WMATIC', block);
  const wmaticUsd = Number(wmatic.b) / 1e6 / (Number(wmatic.a) / 1e18);
  const quickUsd = (Number(quick.b) / 1e18 / (Number(quick.a) / 1e18)) * wmaticUsd;
  const ratio = await client().readContract({
    address: t.world.tokens.DQUICK.address,
    abi: dragonLair.abi,
    functionName: 'dQUICKForQUICK',
    args: [10n ** 18n],
    blockNumber: block,
  });
  return {
    wbtc: Number(wbtc.b) / 1e6 / (Number(wbtc.a) / 1e8),
    dquick: (quickUsd * Number(ratio)) / 1e18,
  };
}

/** What `lpAmount` of WBTC-USDC stood for at `block`, as the pair's burn computes it, and its USD. */
async function lpWorth(lpAmount: bigint, block: bigint) {
  const r = await reservesOf('WBTC-USDC', block);
  const wbtc = (lpAmount * r.a) / r.supply;
  const usdc = (lpAmount * r.b) / r.supply;
  const { wbtc: wbtcUsd } = await pricesAt(block);
  return { wbtc, usdc, usd: (Number(wbtc) / 1e8) * wbtcUsd + Number(usdc) / 1e6 };
}

async function send(steps: (tx: TxSender) => Promise<void>): Promise<bigint> {
  const tx = new TxSender(t.anvil);
  await steps(tx);
  await tx.assertAllSucceeded();
  return client().getBlockNumber();
}

async function stake(amountWbtc: bigint, amountUsdc: bigint): Promise<{ block: bigint; liquidity: bigint }> {
  const pair = t.world.pairs['WBTC-USDC'].address;
  const before = await client().readContract({
    address: pair,
    abi: pairArtifact.abi,
    functionName: 'balanceOf',
    args: [lp.address],
  });
  await send(async (tx) => {
    await tx.call(lp.address, t.world.tokens.WBTC.address, testErc20.abi, 'mint', [pair, amountWbtc]);
    await tx.call(lp.address, t.world.tokens.USDC.address, testErc20.abi, 'mint', [pair, amountUsdc]);
    await tx.call(lp.address, pair, pairArtifact.abi, 'mint', [lp.address]);
  });
  const liquidity =
    (await client().readContract({
      address: pair,
      abi: pairArtifact.abi,
      functionName: 'balanceOf',
      args: [lp.address],
    })) - before;
  const block = await send(async (tx) => {
    await tx.call(lp.address, pair, pairArtifact.abi, 'approve', [farm().address, liquidity]);
    await tx.call(lp.address, farm().address, stakingRewards.abi, 'stake', [liquidity]);
  });
  return { block, liquidity };
}

async function setTime(seconds: number): Promise<void> {
  await client().request({
    method: 'evm_setNextBlockTimestamp',
    params: [`0x${seconds.toString(16)}`],
  } as never);
  await t.anvil.mine(1);
}

/** Mines a block at 23:59:59 UTC of the chain's current day and reads it live. */
async function readLiveAtDayEnd(): Promise<void> {
  const now = Number((await client().getBlock()).timestamp);
  await setTime(Math.floor(now / day) * day + day - 1);
  liveAtDayEnd.push(await pipeline.collectSnapshots({ farms: [farm()], accounts: [lp.address] }));
}

async function nextDay(): Promise<void> {
  const now = Number((await client().getBlock()).timestamp);
  await setTime(now + day);
}

beforeAll(async () => {
  t = await startTestChain({ anvilArgs: ['--timestamp', String(chainStart)] });
  const prices = { onchain: createOnchainPriceSource({ chain: t.chain, ...worldPriceOptions(t.world) }) };
  app = await createTestApp({ env: worldAppEnv(t.world), deps: { chain: t.chain, prices } });
  pipeline = createSnapshotPipeline({ db: db(), chain: t.chain, prices, chainId: t.world.chainId });
  await importWorldFarm({ t, testApp: app, writer: pipeline, prices, close: async () => {} }, farm());

  // Day 0: the first stake (0.5 WBTC + 15,000 USDC), read live at the day's end.
  const first = await stake(50_000_000n, 15_000n * 10n ** 6n);
  blocks.firstStake = first.block;
  amounts.firstStake = first.liquidity;
  await readLiveAtDayEnd();
  // Day 1: a swap moves WBTC up.
  await nextDay();
  await swapExactIn(t.anvil, t.world, { pair: 'WBTC-USDC', tokenIn: 'USDC', amountIn: 120_000n * 10n ** 6n });
  await readLiveAtDayEnd();
  // Day 2: the second stake, at the new price.
  await nextDay();
  const second = await stake(10_000_000n, 40_000n * 10n ** 6n);
  blocks.secondStake = second.block;
  amounts.secondStake = second.liquidity;
  // Day 4: a swap moves it back down; read live.
  await nextDay();
  await nextDay();
  await swapExactIn(t.anvil, t.world, { pair: 'WBTC-USDC', tokenIn: 'WBTC', amountIn: 2n * 10n ** 8n });
  await readLiveAtDayEnd();
  // Day 5: a partial withdrawal.
  await nextDay();
  amounts.withdrawal = amounts.firstStake / 3n;
  blocks.withdrawal = await send(async (tx) => {
    await tx.call(lp.address, farm().address, stakingRewards.abi, 'withdraw', [amounts.withdrawal]);
  });
  // Day 6: a claim.
  await nextDay();
  const earned = await client().readContract({
    address: farm().address,
    abi: stakingRewards.abi,
    functionName: 'earned',
    args: [lp.address],
  });
  blocks.claim = await send(async (tx) => {
    await tx.call(lp.address, farm().address, stakingRewards.abi, 'getReward', []);
  });
  // getReward pays what was earned up to its own block (one more second of accrual than the read).
  amounts.claim = await client()
    .getContractEvents({
      address: farm().address,
      abi: stakingRewards.abi,
      eventName: 'RewardPaid',
      fromBlock: blocks.claim,
      toBlock: blocks.claim,
    })
    .then((logs) => (logs[0]!.args as { reward: bigint }).reward);
  expect(amounts.claim).toBeGreaterThanOrEqual(earned);
  // Time passes: the 30-day farm ends; the chain comes up to today.
  await setTime(Math.floor(Date.now() / 1000) - 60);

  const confirmed = await createConfirmedUser(app);
  const id = await sql<{ id: number }>`select id from users where email = ${confirmed.email}`.execute(db());
  user = { token: confirmed.token, userId: id.rows[0]!.id };
  const at = new Date().toISOString();
  await sql`insert into wallets (user_id, name, address, chain_id, verified_at, created_at)
    values (${user.userId}, 'MetaMask', ${lp.address}, ${t.world.chainId}, ${at}, ${at})`.execute(db());
  other = await createConfirmedUser(app);
}, 180_000);
afterAll(async () => {
  await app?.close();
  await t?.stop();
});

const job = (overrides: { stepsPerRun?: number } = {}) =>
  runHistoryJob({
    db: db(),
    chain: t.chain,
    pipeline,
    backfillDays: 90,
    logsBlockRange: 64,
    intervalMs: 3_600_000,
    ...overrides,
  });

async function detail(token?: string) {
  return app.request({
    method: 'GET',
    url: `/api/quickswap/farm/details/${farm().address}?account=${lp.address}`,
    ...(token ? { token } : {}),
  });
}

describe('history from the first stake', () => {
  it('tracks the wallet and shows the history job starting', async () => {
    const response = await app.request({
      method: 'POST',
      url: '/api/quickswap/track-farmable-pool',
      token: user.token,
      payload: { farm_address: farm().address, wallet_address: lp.address },
    });
    expect(response.statusCode).toBe(200);
    const body = farmDetailSchema.parse((await detail(user.token)).json());
    expect(body.history).toMatchObject({ status: 'pending', message: 'building history: starting soon' });
  });

  it('reads the events in ranges the RPC accepts, halving refused ones, and resumes without duplicates', async () => {
    t.proxy.reset();
    t.proxy.inject({ type: 'logsRangeLimit', maxBlocks: 16 }, { methods: ['eth_getLogs'] });
    try {
      // Small steps, as if the process were stopped between them: each run resumes from the saved row.
      for (let run = 0; run < 200; run++) {
        await job({ stepsPerRun: 3 });
        const row = await db().selectFrom('history_backfills').selectAll().executeTakeFirstOrThrow();
        if (row.status === 'done') break;
        expect(row.status, row.error ?? '').toBe('running');
        const progress = farmDetailSchema.parse((await detail(user.token)).json()).history!;
        expect(progress.message).toMatch(/^building history: (reading past events|\d+ of \d+ days)$/);
      }
    } finally {
      t.proxy.clearFaults();
    }
    const calls = t.proxy.calls.filter((m) => m === 'eth_getLogs').length;
    expect(calls).toBeGreaterThan(1);
    const row = await db().selectFrom('history_backfills').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'done', gaps: null, error: null });
    expect(row.days_done).toBe(row.days_total);
    // First stake ~40 days ago, tracked today: one point per day in between.
    expect(row.days_total).toBeGreaterThanOrEqual(39);
    expect(row.days_total).toBeLessThanOrEqual(41);

    const events = await db()
      .selectFrom('position_events')
      .select(['kind', 'amount', 'block_number'])
      .orderBy('block_number')
      .execute();
    expect(events.map((e) => [e.kind, BigInt(e.amount), BigInt(e.block_number)])).toEqual([
      ['staked', amounts.firstStake, blocks.firstStake],
      ['staked', amounts.secondStake, blocks.secondStake],
      ['withdrawn', amounts.withdrawal, blocks.withdrawal],
      ['reward_paid', amounts.claim, blocks.claim],
    ]);
    const perBlock = await db()
      .selectFrom('position_snapshots')
      .select(['block_number', (eb) => eb.fn.countAll<number | string>().as('n')])
      .groupBy('block_number')
      .execute();
    for (const group of perBlock) expect(Number(group.n)).toBe(1);
  });

  it('rebuilds daily points equal to the snapshots taken live at the same blocks', async () => {
    expect(liveAtDayEnd).toHaveLength(3);
    for (const live of liveAtDayEnd) {
      const block = Number(live.blockNumber);
      const position = await db()
        .selectFrom('position_snapshots')
        .selectAll()
        .where('block_number', '=', block)
        .executeTakeFirstOrThrow();
      const livePosition = live.positions[0]!;
      expect(position.staked).toBe(livePosition.staked);
      expect(position.total_liquidity_usd).toBe(livePosition.totalLiquidityUsd);
      expect(position.earned_a).toBe(livePosition.earned[0]!.amount);
      expect(position.earned_a_in_usd).toBe(livePosition.earned[0]!.usd);
      const pool = await db()
        .selectFrom('pool_snapshots')
        .selectAll()
        .where('block_number', '=', block)
        .executeTakeFirstOrThrow();
      expect([pool.reserve0, pool.reserve1, pool.total_supply]).toEqual([
        live.pools[0]!.reserve0,
        live.pools[0]!.reserve1,
        live.pools[0]!.totalSupply,
      ]);
      expect(pool.total_liquidity_usd).toBe(live.pools[0]!.totalLiquidityUsd);
      const farmRow = await db()
        .selectFrom('farm_snapshots')
        .selectAll()
        .where('block_number', '=', block)
        .executeTakeFirstOrThrow();
      expect(farmRow.total_liquidity_usd).toBe(live.farms[0]!.totalLiquidityUsd);
      expect(farmRow.apr).toBe(live.farms[0]!.apr);
    }
  });

  it('answers returns equal to its own arithmetic from chain reads at each block', async () => {
    const body = farmDetailSchema.parse((await detail(user.token)).json());
    const returns = body.returns as Returns;
    const latestBlock = BigInt(body.chart.at(-1)!.block_number);

    const deposits = [
      await lpWorth(amounts.firstStake, blocks.firstStake),
      await lpWorth(amounts.secondStake, blocks.secondStake),
    ];
    const withdrawal = await lpWorth(amounts.withdrawal, blocks.withdrawal);
    const claimed = (Number(amounts.claim) / 1e18) * (await pricesAt(blocks.claim)).dquick;
    const now = await pricesAt(latestBlock);
    const r = await reservesOf('WBTC-USDC', latestBlock);
    const staked = amounts.firstStake + amounts.secondStake - amounts.withdrawal;
    const value = ((Number(r.a) / 1e8) * now.wbtc + Number(r.b) / 1e6) * (Number(staked) / Number(r.supply));
    const earned = await client().readContract({
      address: farm().address,
      abi: stakingRewards.abi,
      functionName: 'earned',
      args: [lp.address],
      blockNumber: latestBlock,
    });
    const pending = (Number(earned) / 1e18) * now.dquick;
    const heldWbtc = deposits[0]!.wbtc + deposits[1]!.wbtc - withdrawal.wbtc;
    const heldUsdc = deposits[0]!.usdc + deposits[1]!.usdc - withdrawal.usdc;
    const hodl = (Number(heldWbtc) / 1e8) * now.wbtc + Number(heldUsdc) / 1e6;
    const deposited = deposits[0]!.usd + deposits[1]!.usd;

    const expected: Record<string, number> = {
      deposited_usd: deposited,
      withdrawn_usd: withdrawal.usd,
      rewards_claimed_usd: claimed,
      rewards_pending_usd: pending,
      value_usd: value,
      hodl_value_usd: hodl,
      pnl_usd: value + withdrawal.usd + claimed + pending - deposited,
      il_usd: value - hodl,
      il_percent: ((value - hodl) / hodl) * 100,
    };
    for (const [field, want] of Object.entries(expected)) {
      const got = returns[field as keyof Returns] as number | null;
      expect(isRelativelyClose(got, want), `${field}: ${got} vs ${want}`).toBe(true);
    }
    const firstBlock = await client().getBlock({ blockNumber: blocks.firstStake });
    expect(returns.first_staked_on).toBe(new Date(Number(firstBlock.timestamp) * 1000).toISOString());
    // The swaps moved the price: providing liquidity did differ from holding.
    expect(Math.abs(expected.il_usd!)).toBeGreaterThan(0);
  });

  it('draws the chart from the first stake, oldest first, with HODL value and cumulative rewards', async () => {
    const body = farmDetailSchema.parse((await detail(user.token)).json());
    const firstPoint = body.chart[0]!;
    expect(BigInt(firstPoint.block_number)).toBeGreaterThanOrEqual(blocks.firstStake);
    const times = body.chart.map((p) => p.created_on);
    expect([...times].sort()).toEqual(times);
    // One point per day that has blocks of its own (this quiet chain has none after the claim).
    const chartBlocks = body.chart.map((p) => BigInt(p.block_number));
    for (const live of liveAtDayEnd) expect(chartBlocks).toContain(live.blockNumber);
    expect(new Set(chartBlocks).size).toBe(chartBlocks.length);
    for (const point of body.chart) expect(point.hodl_value_usd).not.toBeNull();
    // Rewards never fall: claimed ones stay counted after the claim.
    const rewards = body.chart.map((p) => p.rewards_usd ?? 0);
    const afterClaim = body.chart.findIndex((p) => BigInt(p.block_number) > blocks.claim);
    expect(rewards[afterClaim]!).toBeGreaterThan(0);
  });

  it('exports the position history as RFC 4180 CSV matching the API', async () => {
    const response = await app.request({
      method: 'GET',
      url: `/api/quickswap/farm/details/${farm().address}/positions.csv?account=${lp.address}`,
      token: user.token,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename=".+\.csv"$/);
    const lines = response.body.split('\r\n').filter((line) => line !== '');
    expect(lines[0]).toMatch(/^time,block,staked_raw,staked_decimals,value_usd,/);
    const body = farmDetailSchema.parse((await detail(user.token)).json());
    expect(lines.length - 1).toBe(body.chart.length);
    const rows = lines.slice(1).map((line) => line.split(','));
    expect(rows.map((row) => Number(row[1]))).toEqual(body.chart.map((p) => p.block_number));
    expect(rows.map((row) => row[0])).toEqual(body.chart.map((p) => new Date(p.created_on).toISOString()));
    const last = rows.at(-1)!;
    const staked = amounts.firstStake + amounts.secondStake - amounts.withdrawal;
    expect(BigInt(last[2]!)).toBe(staked);
    expect(last[3]).toBe('18');
    expect(Number(last[4])).toBe(body.chart.at(-1)!.value_usd);
    // Every export names its chain (issue 47): the last column, on every row.
    expect(lines[0]).toMatch(/,chain$/);
    expect(rows.every((row) => row.at(-1) === 'Polygon')).toBe(true);
  });

  it('writes a token whose symbol is a formula as text, never as a formula (issue 31)', async () => {
    // Anyone can deploy a token named like a formula: the farm's reward token is swapped for one, for this
    // export only (the real reward, old dQUICK, is shown by its own label).
    const formula = '=HYPERLINK("https://evil.example","click")';
    const db = app.database.db;
    const farmRow = await db
      .selectFrom('farms')
      .select(['id', 'chain_id', 'reward_token_a_id'])
      .where('address', '=', farm().address)
      .executeTakeFirstOrThrow();
    const evil = await db
      .insertInto('tokens')
      .values({
        chain_id: farmRow.chain_id,
        address: '0x000000000000000000000000000000000000E111',
        symbol: formula,
        name: formula,
        decimals: 18,
        coinmarketcap_id: null,
        coinmarketcap_slug: null,
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.updateTable('farms').set({ reward_token_a_id: evil.id }).where('id', '=', farmRow.id).execute();
    try {
      const response = await app.request({
        method: 'GET',
        url: `/api/quickswap/farm/details/${farm().address}/positions.csv?account=${lp.address}`,
        token: user.token,
      });
      const [, first] = response.body.split('\r\n');
      // csv-stringify quotes the cell (it holds quotes and commas); inside, it starts with an apostrophe.
      expect(first).toContain(`"'=HYPERLINK(""https://evil.example"",""click"")"`);
      expect(response.body).not.toMatch(/(^|,)"?=HYPERLINK/m);
    } finally {
      await db
        .updateTable('farms')
        .set({ reward_token_a_id: farmRow.reward_token_a_id })
        .where('id', '=', farmRow.id)
        .execute();
      await db.deleteFrom('tokens').where('id', '=', evil.id).execute();
    }
  });

  it("adds the user's positions up on the dashboard: value, 24-hour change, total profit", async () => {
    const body = farmDetailSchema.parse((await detail(user.token)).json());
    const response = await app.request({ method: 'GET', url: '/api/quickswap/portfolio', token: user.token });
    expect(response.statusCode).toBe(200);
    const dayAgo = Date.now() - 86_400_000;
    const then = [...body.chart].reverse().find((p) => Date.parse(p.created_on) <= dayAgo)!;
    const now = body.chart.at(-1)!;
    // The one profit (issue 42) takes gas off; this history read no receipts, so it is unknown, not counted.
    const profit = body.books!.profit!;
    expect(profit.value_now_usd).toBe(now.value_usd);
    expect(profit.gas_usd).toBeNull();
    expect(profit.total_profit_usd).toBeNull();
    const totals = {
      positions: 1,
      value_usd: now.value_usd,
      change_24h_usd: now.value_usd! - then.value_usd!,
      pnl_usd: 0,
      unknown: { value: 0, change_24h: 0, pnl: 1 },
    };
    expect(response.json()).toEqual({
      ...totals,
      kinds: [{ kind: 'v2_farm_stake', label: 'V2 farms', ...totals }],
      chains: [{ chain_id: 137, name: 'Polygon', ...totals }],
    });
    expect((await app.request({ method: 'GET', url: '/api/quickswap/portfolio' })).statusCode).toBe(401);
  });

  it('keeps position history, returns and CSV to the user who tracks the pair', async () => {
    expect((await detail()).statusCode).toBe(401);
    expect((await detail(other.token)).statusCode).toBe(404);
    const csv = (token?: string) =>
      app.request({
        method: 'GET',
        url: `/api/quickswap/farm/details/${farm().address}/positions.csv?account=${lp.address}`,
        ...(token ? { token } : {}),
      });
    expect((await csv()).statusCode).toBe(401);
    expect((await csv(other.token)).statusCode).toBe(404);
    const bad = await app.request({
      method: 'GET',
      url: `/api/quickswap/farm/details/${farm().address}/positions.csv?account=nope`,
      token: user.token,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.map((d: { field: string }) => d.field)).toContain('querystring.account');
    // The public detail: pool and farm figures only.
    const open = await app.request({ method: 'GET', url: `/api/quickswap/farm/details/${farm().address}` });
    expect(open.statusCode).toBe(200);
    expect(open.json()).toMatchObject({
      account_address: null,
      farm_position_snapshots: [],
      returns: null,
      chart: [],
    });
  });

  it('explains in one line when the RPC has no archive state, and the app works on', async () => {
    const wallet = t.world.accounts.user.address;
    await sql`insert into wallets (user_id, name, address, chain_id, verified_at, created_at)
      values (${user.userId}, 'Second', ${wallet}, ${t.world.chainId}, ${new Date().toISOString()}, ${new Date().toISOString()})`.execute(
      db(),
    );
    const tracked = await app.request({
      method: 'POST',
      url: '/api/quickswap/track-farmable-pool',
      token: user.token,
      payload: { farm_address: farm().address, wallet_address: wallet },
    });
    expect(tracked.statusCode).toBe(200);
    t.proxy.inject({ type: 'noArchive', keepBlocks: 8 }, { methods: ['eth_call'] });
    try {
      await job();
    } finally {
      t.proxy.clearFaults();
    }
    const response = await app.request({
      method: 'GET',
      url: `/api/quickswap/farm/details/${farm().address}?account=${wallet}`,
      token: user.token,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().history).toMatchObject({ status: 'unavailable', message: archiveNeeded });
    expect(response.json().farm_position_snapshots.length).toBeGreaterThan(0);
  });
});
