import {
  dualFarmListSchema,
  farmDetailSchema,
  lpFarmListSchema,
  tokenSnapshotsResponseSchema,
  toolsResponseSchema,
  trackedSummarySchema,
} from '@tidewatch/shared';
import { getAddress } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countSnapshots, createFarmUser, type FarmsWorld, startFarmsWorldWithUser } from './farms-setup.ts';

// Every farm endpoint through HTTP, against the testkit chain and a fresh database (SQLite or PostgreSQL).
let w: FarmsWorld;
let user: { token: string; userId: number };
let other: { token: string; userId: number };
const lpKeys = ['wmaticUsdc', 'wethUsdc', 'wbtcUsdc', 'quickWmaticEnded'] as const;
const dualKeys = ['dualWethWmatic', 'dualMystWeth'] as const;
const notAnAddress = '0x1234';
const unknownFarm = '0x000000000000000000000000000000000000dEaD';

beforeAll(async () => {
  ({ w, user } = await startFarmsWorldWithUser([...lpKeys, ...dualKeys]));
  other = await createFarmUser(w, [w.t.world.accounts.idle.address]);
}, 60_000);
afterAll(() => w?.close());

const farm = (key: (typeof lpKeys)[number] | (typeof dualKeys)[number]) => w.t.world.farms[key];
const userWallet = () => w.t.world.accounts.user.address;
const get = (url: string, token?: string) =>
  w.testApp.request({ method: 'GET', url, ...(token ? { token } : {}) });
const post = (url: string, payload: unknown, token?: string) =>
  w.testApp.request({ method: 'POST', url, payload: payload as object, ...(token ? { token } : {}) });

describe('farm lists (public)', () => {
  it('GET farmable-pools lists every LP farm with pool and farm snapshots, no position', async () => {
    const response = await get('/api/quickswap/farmable-pools');
    expect(response.statusCode).toBe(200);
    const items = lpFarmListSchema.parse(response.json());
    expect(items.map((i) => i.farm.address)).toEqual(lpKeys.map((k) => farm(k).address));
    for (const item of items) {
      expect(item.farm.url).toBe(farm(lpKeys[items.indexOf(item)]!).url);
      expect(item.pool.snapshot?.total_liquidity_usd).toBeGreaterThan(0);
      expect(item.farm.snapshot?.share_of_pool).toBeGreaterThan(0);
      expect(item.farm.snapshot?.share_of_pool).toBeLessThanOrEqual(1);
      expect(item.farm_position_snapshot).toBeNull();
    }
    const ended = items.find((i) => i.farm.address === farm('quickWmaticEnded').address)!;
    expect(ended.farm.snapshot).toMatchObject({ is_ended: true, apr: 0 });
    expect(items[0]!.farm.snapshot?.is_ended).toBe(false);
    expect(items[0]!.farm.snapshot?.apr).toBeGreaterThan(0);
    expect([items[0]!.pool.token0.symbol, items[0]!.pool.token1.symbol].sort()).toEqual(['USDC', 'WMATIC']);
  });

  it('GET dual-mining/farms lists the dual farms with both reward rates', async () => {
    const response = await get('/api/quickswap/dual-mining/farms');
    expect(response.statusCode).toBe(200);
    const items = dualFarmListSchema.parse(response.json());
    expect(items.map((i) => i.farm.address)).toEqual(dualKeys.map((k) => farm(k).address));
    // The world's dQUICK is the old lair (DQUICK_ADDRESS): named apart from the new one (issue 29).
    expect(items[0]!.farm.reward_token_a.symbol).toBe('dQUICK (old)');
    expect(items[0]!.farm.reward_token_b.symbol).toBe('WMATIC');
    expect(Number(items[0]!.farm.snapshot?.reward_rate_b)).toBeGreaterThan(0);
    // MYST has no price anywhere: derived from the WETH side, so the pool is still valued.
    expect(items[1]!.pool.snapshot?.total_liquidity_usd).toBeGreaterThan(0);
  });

  it.each([
    ['/api/quickswap/farmable-pools/0x1234', 'params.address'],
    ['/api/quickswap/farm/details/not-an-address', 'params.address'],
    [`/api/quickswap/dual-mining/farms?account=${notAnAddress}`, 'querystring.account'],
    [`/api/quickswap/farm/details/${unknownFarm}?account=nope`, 'querystring.account'],
  ])('GET %s with a bad address -> 400 naming %s', async (url, field) => {
    const response = await get(url);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_FAILED');
    expect(response.json().details.map((d: { field: string }) => d.field)).toContain(field);
  });

  it('GET farm/details of an unknown farm -> 404', async () => {
    const response = await get(`/api/quickswap/farm/details/${unknownFarm}`);
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('NOT_FOUND');
  });
});

describe('tracking', () => {
  it('needs a bearer token', async () => {
    const response = await post('/api/quickswap/track-farmable-pool', {
      farm_address: farm('wethUsdc').address,
      wallet_address: userWallet(),
    });
    expect(response.statusCode).toBe(401);
  });

  it('tracks an LP farm with a verified wallet, takes a first position snapshot, and is idempotent', async () => {
    const body = {
      farm_address: farm('wethUsdc').address.toLowerCase(),
      wallet_address: userWallet().toLowerCase(),
    };
    const before = await countSnapshots(w);
    const first = await post('/api/quickswap/track-farmable-pool', body, user.token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ is_new: true, snapshot_error: null });
    expect(first.json().item.account_address).toBe(userWallet());
    expect(first.json().item.farm_position_snapshot.total_liquidity_usd).toBeGreaterThan(0);
    expect((await countSnapshots(w)).position_snapshots).toBe(before.position_snapshots + 1);

    const again = await post('/api/quickswap/track-farmable-pool', body, user.token);
    expect(again.statusCode).toBe(200);
    expect(again.json().is_new).toBe(false);
    // The position existed already: no second snapshot for a repeated track.
    expect((await countSnapshots(w)).position_snapshots).toBe(before.position_snapshots + 1);

    const tracked = await get(`/api/quickswap/get-tracked-pools/${userWallet()}`, user.token);
    expect(tracked.statusCode).toBe(200);
    const items = lpFarmListSchema.parse(tracked.json());
    expect(items.map((i) => i.farm.address)).toEqual([farm('wethUsdc').address]);
    expect(items[0]!.farm_position_snapshot?.share_of_farm).toBeGreaterThan(0);
  });

  it('tracks a dual farm and lists it under dual-mining/tracked-farms', async () => {
    const body = { farm_address: farm('dualWethWmatic').address, wallet_address: userWallet() };
    const response = await post('/api/quickswap/dual-mining/tracked-farm', body, user.token);
    expect(response.statusCode).toBe(200);
    const position = response.json().item.farm_position_snapshot;
    expect(Number(position.earned_a)).toBeGreaterThan(0);
    expect(Number(position.earned_b)).toBeGreaterThan(0);
    expect(position.earned_b_in_usd).toBeGreaterThan(0);
    const tracked = await get('/api/quickswap/dual-mining/tracked-farms', user.token);
    expect(dualFarmListSchema.parse(tracked.json()).map((i) => i.farm.address)).toEqual([
      farm('dualWethWmatic').address,
    ]);
    // Another user tracks nothing.
    const theirs = await get('/api/quickswap/dual-mining/tracked-farms', other.token);
    expect(theirs.json()).toEqual([]);
  });

  it('refuses a wallet that is not one of your verified wallets -> 403', async () => {
    const body = { farm_address: farm('wbtcUsdc').address, wallet_address: w.t.world.accounts.idle.address };
    const response = await post('/api/quickswap/track-farmable-pool', body, user.token);
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('FORBIDDEN');
  });

  it('answers 404 for an unknown farm, and for a dual farm on the LP route', async () => {
    for (const farmAddress of [unknownFarm, farm('dualMystWeth').address]) {
      const response = await post(
        '/api/quickswap/track-farmable-pool',
        { farm_address: farmAddress, wallet_address: userWallet() },
        user.token,
      );
      expect(response.statusCode).toBe(404);
    }
  });

  it('answers 400 naming a body field that is not an address', async () => {
    const response = await post(
      '/api/quickswap/dual-mining/tracked-farm',
      { farm_address: farm('dualMystWeth').address, wallet_address: 'me' },
      user.token,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().details[0].field).toBe('body.wallet_address');
  });

  it('GET get-tracked-pools with a bad address -> 400; needs a token -> 401', async () => {
    expect((await get('/api/quickswap/get-tracked-pools/xyz', user.token)).statusCode).toBe(400);
    expect((await get(`/api/quickswap/get-tracked-pools/${userWallet()}`)).statusCode).toBe(401);
  });
});

describe('refresh, detail, summary, tools, token snapshots', () => {
  it('refresh of a farm you do not track with that address -> 403; unknown farm -> 404', async () => {
    const notTracked = await post(
      '/api/quickswap/create-snapshots',
      { address: farm('wbtcUsdc').address, account_address: userWallet() },
      user.token,
    );
    expect(notTracked.statusCode).toBe(403);
    const othersFarm = await post(
      '/api/quickswap/dual-mining/snapshots',
      { farm_address: farm('dualWethWmatic').address, account_address: userWallet() },
      other.token,
    );
    expect(othersFarm.statusCode).toBe(403);
    const unknown = await post(
      '/api/quickswap/create-snapshots',
      { address: unknownFarm, account_address: userWallet() },
      user.token,
    );
    expect(unknown.statusCode).toBe(404);
    const noToken = await post('/api/quickswap/dual-mining/snapshots', {
      farm_address: farm('dualWethWmatic').address,
      account_address: userWallet(),
    });
    expect(noToken.statusCode).toBe(401);
  });

  it('GET farmable-pools/{account} and dual-mining/farms?account= carry the position for the user tracking it', async () => {
    const lp = lpFarmListSchema.parse(
      (await get(`/api/quickswap/farmable-pools/${userWallet()}`, user.token)).json(),
    );
    const weth = lp.find((i) => i.farm.address === farm('wethUsdc').address)!;
    expect(weth.account_address).toBe(userWallet());
    expect(weth.farm_position_snapshot?.staked).not.toBe('0');
    expect(lp.find((i) => i.farm.address === farm('wbtcUsdc').address)!.farm_position_snapshot).toBeNull();
    const dual = dualFarmListSchema.parse(
      (
        await get(`/api/quickswap/dual-mining/farms?account=${userWallet().toLowerCase()}`, user.token)
      ).json(),
    );
    expect(dual[0]!.farm_position_snapshot?.earned_a).toBeDefined();
  });

  it('the same lists tell nobody else whether an address is tracked: the answer of an untracked address', async () => {
    const untracked = '0x00000000000000000000000000000000000bEEF1';
    const withoutAccount = (items: Array<Record<string, unknown>>) =>
      items.map(({ account_address: _, ...rest }) => rest);
    for (const [path, query] of [
      ['/api/quickswap/farmable-pools/', ''],
      ['/api/quickswap/dual-mining/farms?account=', ''],
    ] as const) {
      const url = (address: string) => `${path}${address}${query}`;
      const asUntracked = withoutAccount((await get(url(untracked))).json());
      for (const token of [undefined, other.token, 'not-a-valid-token']) {
        const answer = await get(url(userWallet()), token);
        expect(answer.statusCode).toBe(200);
        const items = answer.json() as Array<Record<string, unknown>>;
        expect(
          items.every((item) => item.farm_position_snapshot === null && item.automatic_snapshot === null),
        ).toBe(true);
        expect(withoutAccount(items)).toEqual(asUntracked);
      }
    }
  });

  it('GET farm/details gives the farm, pool and that account history; none without account', async () => {
    const detail = farmDetailSchema.parse(
      (
        await get(
          `/api/quickswap/farm/details/${farm('dualWethWmatic').address}?account=${userWallet()}`,
          user.token,
        )
      ).json(),
    );
    expect(detail.farm.kind).toBe('dual');
    expect(detail.farm_position_snapshots).toHaveLength(1);
    const bare = farmDetailSchema.parse(
      (await get(`/api/quickswap/farm/details/${farm('wethUsdc').address}`)).json(),
    );
    expect(bare.farm_position_snapshots).toEqual([]);
    expect(bare.pool.snapshot).not.toBeNull();
  });

  it('GET tracked-summary lists the user tracked farms of both kinds with their latest position', async () => {
    const response = await get('/api/quickswap/tracked-summary', user.token);
    expect(response.statusCode).toBe(200);
    const summary = trackedSummarySchema.parse(response.json());
    expect(summary.lp_mining.map((i) => i.farm.address)).toEqual([farm('wethUsdc').address]);
    expect(summary.dual_mining.map((i) => i.farm.address)).toEqual([farm('dualWethWmatic').address]);
    expect(summary.lp_mining[0]!.farm_position_snapshot?.total_liquidity_usd).toBeGreaterThan(0);
    expect(summary.lp_mining[0]!.farm.chain_id).toBe(w.t.world.chainId);
    expect((await get('/api/quickswap/tracked-summary')).statusCode).toBe(401);
  });

  it('GET lp-tools/tools lists both products and their farms with token symbols', async () => {
    expect((await get('/api/lp-tools/tools')).statusCode).toBe(401);
    const tools = toolsResponseSchema.parse((await get('/api/lp-tools/tools', user.token)).json());
    expect(tools.tools).toHaveLength(1);
    const [tool] = tools.tools;
    expect(tool).toMatchObject({ id: 'quickswap', name: 'quickswap' });
    // The spec's product names, written out: read from the kinds table, a wrong name could not fail here.
    const [lpProduct, dualProduct] = tool!.products.map((p) => p.name);
    expect(tool!.products).toHaveLength(2);
    expect(lpProduct).toBe('lp-mining');
    expect(dualProduct).toBe('dual-mining');
    expect(tool!.products[0]!.farms.map((f) => f.address)).toEqual(lpKeys.map((k) => farm(k).address));
    const dual = tool!.products[1]!.farms[0]!;
    expect([dual.pool.token0.symbol, dual.pool.token1.symbol].sort()).toEqual(['WETH', 'WMATIC']);
  });

  it('POST token-snapshots stores one price snapshot per token in use', async () => {
    expect((await post('/api/quickswap/token-snapshots', undefined)).statusCode).toBe(401);
    const before = await countSnapshots(w);
    const response = await w.testApp.request({
      method: 'POST',
      url: '/api/quickswap/token-snapshots',
      token: user.token,
    });
    expect(response.statusCode).toBe(201);
    const body = tokenSnapshotsResponseSchema.parse(response.json());
    // USDC, WMATIC, WETH, WBTC, QUICK, DQUICK, MYST: the pair and reward tokens of the imported farms.
    expect(body.count).toBe(7);
    expect(body.block_number).toBeGreaterThan(0);
    expect((await countSnapshots(w)).token_snapshots).toBe(before.token_snapshots + 7);
    const rows = await w.testApp.database.db
      .selectFrom('token_snapshots')
      .innerJoin('tokens', 'tokens.id', 'token_snapshots.token_id')
      .select(['tokens.symbol', 'token_snapshots.price_usd', 'token_snapshots.price_source'])
      .where('token_snapshots.created_on', '=', body.created_on)
      .execute();
    const bySymbol = new Map(rows.map((r) => [r.symbol, r]));
    expect(bySymbol.get('USDC')).toMatchObject({ price_usd: 1, price_source: 'pair' });
    expect(bySymbol.get('WETH')?.price_usd).toBeCloseTo(2_000, 0);
    // Unknown is null, never 0.
    expect(bySymbol.get('MYST')).toMatchObject({ price_usd: null, price_source: null });
    expect(getAddress(farm('wethUsdc').address)).toBe(farm('wethUsdc').address);
  });
});
