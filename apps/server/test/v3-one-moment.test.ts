import { pair as pairArtifact } from '@tidewatch/contracts';
import {
  farmDetailSchema,
  type V3Position,
  type V3PositionHistory,
  v3PositionHistorySchema,
  v3PositionSchema,
} from '@tidewatch/shared';
import { FULL_RANGE, mintV3Position } from '@tidewatch/testkit';
import { getAddress } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRelativelyClose } from '../src/core/chain/testing.ts';
import { createSnapshotPipeline } from '../src/core/snapshots/pipeline.ts';
import { importWorldFarm } from './farms-setup.ts';
import {
  createV3User,
  runV3HistoryToHead,
  startV3TrackingWorld,
  type V3TrackingWorld,
} from './v3-tracking-setup.ts';

// Issue 42, finding 8: one price rule and one moment for every kind. MYST trades only against WETH (the
// world's MYST-WETH pair): the V2 dual farm of that pair and a V3 position in the MYST-WETH pool price it the
// same at the same block. A tracked farmed position's page shows every figure as of one block: the returns
// and books as of one snapshot (`as_of_block`), and the position read at that block.
let w: V3TrackingWorld;
let user: { token: string; userId: number; email: string };
const wallet = () => w.t.world.accounts.user.address;

beforeAll(async () => {
  // The price rule's hubs as Polygon's defaults (WETH, WBTC): MYST is priced through WETH.
  w = await startV3TrackingWorld({ hubs: true });
  user = await createV3User(w, [wallet()]);
}, 180_000);
afterAll(() => w?.close());

async function positionAt(tokenId: string, block?: number): Promise<V3Position> {
  const response = await w.testApp.request({
    method: 'GET',
    url: `/api/quickswap/v3/positions/${tokenId}${block === undefined ? '' : `?block=${block}`}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return v3PositionSchema.parse(response.json());
}

/** The pair's first token in its second at `block`, from its reserves (both tokens have 18 decimals but USDC). */
async function priceIn(key: 'MYST-WETH' | 'WETH-USDC', block: number): Promise<number> {
  const pair = w.t.world.pairs[key];
  const [r0, r1] = await w.t.anvil.client.readContract({
    address: pair.address,
    abi: pairArtifact.abi,
    functionName: 'getReserves',
    blockNumber: BigInt(block),
  });
  const isAFirst = pair.token0 === getAddress(w.t.world.tokens[pair.tokenA].address);
  const [a, b] = isAFirst ? [r0, r1] : [r1, r0];
  const decimalsOf = (k: keyof typeof w.t.world.tokens) => w.t.world.tokens[k].decimals;
  return Number(b) / 10 ** decimalsOf(pair.tokenB) / (Number(a) / 10 ** decimalsOf(pair.tokenA));
}

describe('one price rule for every kind', () => {
  it('prices MYST, traded only against WETH, the same on the V2 farm page and in the V3 tool', async () => {
    const myst = getAddress(w.t.world.tokens.MYST.address);
    const tokenId = await mintV3Position(w.t.anvil, w.v3World, {
      pool: 'MYST-WETH',
      owner: wallet(),
      ...FULL_RANGE,
    });
    const writer = createSnapshotPipeline({
      db: w.testApp.database.db,
      chain: w.t.chain,
      prices: w.prices,
      chainId: w.t.world.chainId,
    });
    const farm = w.t.world.farms.dualMystWeth;
    await importWorldFarm({ ...w, writer }, farm);
    const detail = await w.testApp.request({
      method: 'GET',
      url: `/api/quickswap/farm/details/${farm.address}`,
      token: user.token,
    });
    expect(detail.statusCode, detail.body).toBe(200);
    const pool = farmDetailSchema.parse(detail.json()).pool;
    const v2Price = pool.token0.address === myst ? pool.snapshot!.price0_usd : pool.snapshot!.price1_usd;
    const block = pool.snapshot!.block_number;

    const position = await positionAt(tokenId.toString(), block);
    expect(position.block_number).toBe(block);
    const v3Price =
      position.pool.token0.address === myst ? position.pool.price0_usd : position.pool.price1_usd;
    // Its MYST-WETH pair's ratio times WETH's USDC price: the test's own arithmetic, and one figure in both tools.
    const expected = (await priceIn('MYST-WETH', block)) * (await priceIn('WETH-USDC', block));
    expect(isRelativelyClose(v2Price, expected)).toBe(true);
    expect(v3Price).toBe(v2Price);
    const side = position.pool.token0.address === myst ? 0 : 1;
    expect(position.amounts[side].usd).not.toBeNull();
    const stored = await w.testApp.database.db
      .selectFrom('token_snapshots')
      .innerJoin('tokens', 'tokens.id', 'token_snapshots.token_id')
      .select('token_snapshots.price_source')
      .where('tokens.address', '=', myst)
      .executeTakeFirstOrThrow();
    expect(stored.price_source).toBe('hub');
  });
});

describe("a tracked position's page", () => {
  const key = 'farmed' as const;
  const tokenId = () => w.v3World.positions[key].tokenId.toString();
  const history = async (): Promise<V3PositionHistory> => {
    const response = await w.testApp.request({
      method: 'GET',
      url: `/api/quickswap/v3/positions/${tokenId()}/history?wallet_address=${wallet()}`,
      token: user.token,
    });
    expect(response.statusCode, response.body).toBe(200);
    return v3PositionHistorySchema.parse(response.json());
  };
  const refresh = async () => {
    const response = await w.testApp.request({
      method: 'POST',
      url: `/api/quickswap/v3/positions/${tokenId()}/refresh`,
      token: user.token,
      payload: { wallet_address: wallet() },
    });
    expect(response.statusCode, response.body).toBe(200);
  };

  it('shows returns, books and the position as of one block, and says which', async () => {
    const tracked = await w.testApp.request({
      method: 'POST',
      url: '/api/quickswap/v3/track',
      token: user.token,
      payload: { token_id: tokenId(), wallet_address: wallet() },
    });
    expect(tracked.statusCode, tracked.body).toBe(200);
    await runV3HistoryToHead(w, { backfillDays: 30, positions: 1 });
    await refresh();
    // An hour of farming later, a newer snapshot whose block the history job has not read to yet.
    await w.t.anvil.increaseTime(3_600);
    await refresh();

    const page = await history();
    const [read, newer] = page.snapshots.slice(-2);
    expect(newer!.rewards_usd).not.toBe(read!.rewards_usd);
    // One moment: the books' snapshot (the newest whose events are read), for the returns too.
    expect(page.as_of_block).toBe(read!.block_number);
    expect(page.books?.as_of_block).toBe(page.as_of_block);
    expect(page.returns?.value_now_usd).toBe(read!.value_usd);

    // The position read at that block: the same amounts, fees and farming rewards as the snapshot there.
    const position = await positionAt(tokenId(), page.as_of_block!);
    expect(position.block_number).toBe(page.as_of_block);
    expect(position.amounts.map((a) => a.amount)).toEqual([read!.amount0, read!.amount1]);
    expect(position.fees?.map((f) => f.amount)).toEqual([read!.fees0, read!.fees1]);
    expect(position.value_usd).toBe(read!.value_usd);
    expect(position.fees_usd).toBe(read!.fees_usd);
    expect(position.rewards_usd).toBe(read!.rewards_usd);
  });

  it('refuses a block that is not a block number, or past the head, naming querystring.block', async () => {
    const head = Number(await w.t.anvil.client.getBlockNumber());
    for (const block of ['abc', '0', '-3', '1.5', String(head + 1_000)]) {
      const response = await w.testApp.request({
        method: 'GET',
        url: `/api/quickswap/v3/positions/${tokenId()}?block=${block}`,
      });
      expect(response.statusCode, `${block}: ${response.body}`).toBe(400);
      expect(response.json().details[0].field).toBe('querystring.block');
    }
  });
});
