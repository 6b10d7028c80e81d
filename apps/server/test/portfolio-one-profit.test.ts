import {
  farmDetailSchema,
  type PositionProfit,
  portfolioSchema,
  v3PositionHistorySchema,
} from '@tidewatch/shared';
import { swapV3 } from '@tidewatch/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runHistoryJob } from '../src/core/history/backfill.ts';
import { createSnapshotPipeline } from '../src/core/snapshots/pipeline.ts';
import { importWorldFarm } from './farms-setup.ts';
import {
  createV3User,
  runV3HistoryToHead,
  startV3TrackingWorld,
  type V3TrackingWorld,
} from './v3-tracking-setup.ts';

// One portfolio and one profit (issue 42, findings 2 and 3) on the local chain: the world's user holds a
// QuickSwap V2 farm stake (WBTC-USDC for dQUICK, rewards pending) and a farmed Algebra V3 position; it tracks
// both, and both history jobs (with their gas stages) read them to the head. Then every screen and export of
// each position is fetched over HTTP (the farm detail's returns and books, the V3 page's returns and books,
// the dashboard portfolio, the positions CSVs) and their value now and total profit compared: the same
// figure, or a figure that differs by exactly the part its note names.
let w: V3TrackingWorld;
let user: { token: string };
const wallet = () => w.t.world.accounts.user.address;
const farm = () => w.t.world.farms.wbtcUsdc;
const v3Id = () => w.v3World.positions.farmed.tokenId.toString();

/** Equal up to float rounding: a profit is a difference of large sums, so the bound is absolute (a micro-dollar). */
const close = (actual: number | null | undefined, want: number | null | undefined, what: string) => {
  expect(actual, `${what} known`).not.toBeNull();
  expect(
    Math.abs((actual ?? Number.NaN) - (want ?? Number.NaN)),
    `${what}: ${actual} vs ${want}`,
  ).toBeLessThan(1e-6);
};

async function get(url: string) {
  const response = await w.testApp.request({ method: 'GET', url, token: user.token });
  if (response.statusCode !== 200) throw new Error(`${url}: ${response.body}`);
  return response;
}

/** The CSV's row carrying value now and total profit (the books' snapshot), as numbers by column name. */
function profitRowOf(csv: string): Record<string, string> {
  const [header, ...rows] = csv
    .trim()
    .split(/\r?\n/)
    .map((line) => line.split(','));
  const filled = rows.filter((row) => row[header!.indexOf('total_profit_usd')] !== '');
  expect(filled).toHaveLength(1);
  return Object.fromEntries(header!.map((name, i) => [name, filled[0]![i]!]));
}

beforeAll(async () => {
  w = await startV3TrackingWorld();
  user = await createV3User(w, [wallet()]);
  const db = w.testApp.database.db;
  const pipeline = createSnapshotPipeline({
    db,
    chain: w.t.chain,
    prices: w.prices,
    chainId: w.t.world.chainId,
  });
  await importWorldFarm({ ...w, writer: pipeline, close: async () => {} }, farm());
  for (const [url, payload] of [
    ['/api/quickswap/track-farmable-pool', { farm_address: farm().address, wallet_address: wallet() }],
    ['/api/quickswap/v3/track', { token_id: v3Id(), wallet_address: wallet() }],
  ] as const) {
    const response = await w.testApp.request({ method: 'POST', url, token: user.token, payload });
    if (response.statusCode !== 200) throw new Error(response.body);
  }
  // The V3 position earns swap fees while its rewards accrue.
  await swapV3(w.t.anvil, w.v3World, { pool: 'WMATIC-USDC', tokenIn: 'USDC', amountIn: 2_000n * 10n ** 6n });
  await w.t.anvil.increaseTime(600);
  await w.t.anvil.mine(1);
  for (const [url, payload] of [
    [`/api/quickswap/v3/positions/${v3Id()}/refresh`, { wallet_address: wallet() }],
    ['/api/quickswap/create-snapshots', { address: farm().address, account_address: wallet() }],
  ] as const) {
    const response = await w.testApp.request({ method: 'POST', url, token: user.token, payload });
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.body}`);
  }
  await runV3HistoryToHead(w, { backfillDays: 90, positions: 1, withGas: true });
  for (let run = 0; run < 200; run++) {
    await runHistoryJob({
      ...w.testApp.config.history,
      db,
      chain: w.t.chain,
      pipeline,
      gas: { chainId: w.t.world.chainId, prices: w.prices, wmatic: w.testApp.config.wmaticAddress },
      intervalMs: 3_600_000,
    });
    const rows = await db.selectFrom('history_backfills').select('status').execute();
    if (rows.length === 1 && rows.every((row) => row.status === 'done')) return;
  }
  throw new Error('the V2 history job did not finish');
}, 240_000);

afterAll(async () => {
  await w?.close();
});

describe('one portfolio and one profit', () => {
  let v2: PositionProfit;
  let v3: PositionProfit;

  it("shows a V2 stake's one value now and total profit on its returns, books and CSV", async () => {
    const detail = farmDetailSchema.parse(
      (await get(`/api/quickswap/farm/details/${farm().address}?account=${wallet()}`)).json(),
    );
    const books = detail.books!;
    v2 = books.profit!;
    expect(v2.unknown_because).toBeNull();
    expect(v2.pending_rewards_usd).toBeGreaterThan(0);
    expect(v2.gas_usd).toBeGreaterThan(0);
    close(v2.total_profit_usd, sumParts(v2), 'total profit = its named parts');
    // The books count a reward once claimed: their total differs by exactly the pending rewards, said so.
    close(books.total_profit_usd, v2.total_profit_usd! - v2.pending_rewards_usd!, 'books without pending');
    expect(books.value_now_usd).toBe(v2.value_now_usd);
    // The returns: the same value now at the same block, the same total profit; profit and loss leaves gas out.
    const returns = detail.returns!;
    expect(detail.farm_position_snapshots[0]!.block_number).toBe(v2.as_of_block);
    expect(returns.value_usd).toBe(v2.value_now_usd);
    expect(returns.total_profit_usd).toBe(v2.total_profit_usd);
    close(returns.pnl_usd, v2.total_profit_usd! + v2.gas_usd!, 'profit and loss = total profit + gas');
    expect(returns.total_profit_note).toContain('leaves out the gas paid');
    const csv = await get(`/api/quickswap/farm/details/${farm().address}/positions.csv?account=${wallet()}`);
    const row = profitRowOf(csv.body);
    expect(Number(row.block)).toBe(v2.as_of_block);
    expect(Number(row.value_now_usd)).toBe(v2.value_now_usd);
    expect(Number(row.value_usd)).toBe(v2.value_now_usd);
    expect(Number(row.total_profit_usd)).toBe(v2.total_profit_usd);
  });

  it("shows a V3 position's one value now and total profit on its returns, books and CSV", async () => {
    const history = v3PositionHistorySchema.parse(
      (await get(`/api/quickswap/v3/positions/${v3Id()}/history?wallet_address=${wallet()}`)).json(),
    );
    const books = history.books!;
    v3 = books.profit!;
    expect(v3.unknown_because).toBeNull();
    expect(v3.fees_usd).toBeGreaterThan(0);
    close(v3.total_profit_usd, sumParts(v3), 'total profit = its named parts');
    close(books.total_profit_usd, v3.total_profit_usd! - v3.pending_rewards_usd!, 'books without pending');
    expect(books.value_now_usd).toBe(v3.value_now_usd);
    // The returns' value now is the liquidity alone: it differs by the uncollected fees, said so.
    const returns = history.returns!;
    const newest = history.snapshots.find((s) => s.block_number === v3.as_of_block)!;
    close(returns.value_now_usd! + newest.fees_usd!, v3.value_now_usd, 'returns value + uncollected fees');
    expect(returns.total_profit_usd).toBe(v3.total_profit_usd);
    expect(returns.total_profit_note).toContain('leaves out the uncollected fees');
    const csv = await get(`/api/quickswap/v3/positions/${v3Id()}/history.csv?wallet_address=${wallet()}`);
    const row = profitRowOf(csv.body);
    expect(Number(row.block)).toBe(v3.as_of_block);
    expect(Number(row.value_now_usd)).toBe(v3.value_now_usd);
    expect(Number(row.total_profit_usd)).toBe(v3.total_profit_usd);
  });

  it('adds both kinds up on the dashboard, V3 included, with the same figures', async () => {
    const portfolio = portfolioSchema.parse((await get('/api/quickswap/portfolio')).json());
    expect(portfolio.positions).toBe(2);
    expect(portfolio.unknown).toMatchObject({ value: 0, pnl: 0 });
    close(portfolio.value_usd, v2.value_now_usd! + v3.value_now_usd!, 'value: V2 + V3');
    close(portfolio.pnl_usd, v2.total_profit_usd! + v3.total_profit_usd!, 'profit: V2 + V3');
    expect(portfolio.kinds).toEqual([
      expect.objectContaining({
        kind: 'v2_farm_stake',
        positions: 1,
        value_usd: v2.value_now_usd,
        pnl_usd: v2.total_profit_usd,
      }),
      expect.objectContaining({
        kind: 'v3_nft',
        positions: 1,
        value_usd: v3.value_now_usd,
        pnl_usd: v3.total_profit_usd,
      }),
    ]);
  });
});

/** value now + withdrawn + claimed + pending − deposited − gas. */
function sumParts(p: PositionProfit): number {
  return (
    p.value_now_usd! +
    p.withdrawn_usd! +
    p.claimed_rewards_usd! +
    p.pending_rewards_usd! -
    p.deposited_usd! -
    p.gas_usd!
  );
}
