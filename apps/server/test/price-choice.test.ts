import { pair as pairArtifact } from '@tidewatch/contracts';
import {
  farmDetailSchema,
  farmPriceChoiceResponseSchema,
  farmPriceChoicesSchema,
  type PriceChoice,
  type WizardStateResponse,
} from '@tidewatch/shared';
import { NEW_QUICK_POLYGON_ADDRESS } from '@tidewatch/testkit';
import { createPublicClient, getAddress, http } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRelativelyClose } from '../src/core/chain/testing.ts';
import { createConfirmedUser } from './helpers.ts';
import {
  createWizardUser,
  sendStep,
  startWizardApp,
  type WizardApp,
  walkToEnd,
} from './import-wizard-helpers.ts';

// Issue 30, finding 2: the QUICK price choice is a trap. The WMATIC/QUICK farm's QUICK has two
// CoinMarketCap listings of one symbol; the wizard must tell them apart (contract on Polygon, price, the
// token's own marked), and a wrong choice must be correctable from the farm page, history revalued.
let w: WizardApp;
let user: { token: string };
let confirming: WizardStateResponse['data'] | undefined;

const farm = () => w.world.farms.quickWmaticEnded;
const quick = () => getAddress(w.world.tokens.QUICK.address);
const wallet = () => w.world.accounts.user.address;
const quickRole = () => (w.world.pairs['QUICK-WMATIC'].token0 === quick() ? 'token0' : 'token1');

beforeAll(async () => {
  w = await startWizardApp();
  user = await createWizardUser(w.testApp, wallet());
  const first = await sendStep(w.testApp, user.token, 'lp', {
    name: 'NOT_STARTED',
    event: 'PARSE_URL',
    params: { url: farm().url, account_address: wallet() },
  });
  expect(first.status).toBe(200);
  const { last } = await walkToEnd(w.testApp, user.token, 'lp', first.body, {
    choose: (data) => {
      confirming = data;
      // The trap of the issue: new QUICK's listing for the old QUICK token.
      return { [quickRole()]: { coinmarketcap_id: 19966, coinmarketcap_slug: 'quickswap' } };
    },
  });
  expect(last.name).toBe('completed');
  const track = await w.testApp.request({
    method: 'POST',
    url: '/api/quickswap/track-farmable-pool',
    token: user.token,
    payload: { farm_address: farm().address, wallet_address: wallet() },
  });
  expect([200, 409]).toContain(track.statusCode);
}, 120_000);
afterAll(() => w?.close());

/** Pool TVL from the chain: QUICK is priced from this very pair, so it is twice the WMATIC side. */
async function poolFromChain(block: number) {
  const pair = w.world.pairs['QUICK-WMATIC'];
  const read = (address: `0x${string}`, functionName: 'getReserves' | 'totalSupply') =>
    createPublicClient({ transport: http(w.world.rpcUrl) }).readContract({
      address,
      abi: pairArtifact.abi,
      functionName,
      blockNumber: BigInt(block),
    });
  const [q0, q1] = (await read(pair.address, 'getReserves')) as readonly [bigint, bigint, number];
  const [u0, u1] = (await read(w.world.pairs['WMATIC-USDC'].address, 'getReserves')) as readonly [
    bigint,
    bigint,
    number,
  ];
  const usdcIsToken0 = w.world.pairs['WMATIC-USDC'].token0 === getAddress(w.world.tokens.USDC.address);
  const wmaticUsd = usdcIsToken0
    ? Number(u0) / 1e6 / (Number(u1) / 1e18)
    : Number(u1) / 1e6 / (Number(u0) / 1e18);
  const wmaticReserve = pair.token0 === quick() ? q1 : q0;
  const supply = (await read(pair.address, 'totalSupply')) as bigint;
  return { tvl: 2 * (Number(wmaticReserve) / 1e18) * wmaticUsd, supply: Number(supply) / 1e18 };
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

describe('price choices a person can tell apart', () => {
  it("shows each listing's Polygon contract and price beside the on-chain price, and marks the token's own", () => {
    const choices = (confirming?.[`${quickRole()}_choices`] ?? []) as PriceChoice[];
    const byId = new Map(choices.map((c) => [c.id, c]));
    expect(byId.get(8206)).toMatchObject({
      name: 'QuickSwap [Old]',
      polygon_address: quick(),
      price_usd: 40,
      is_token_contract: true,
    });
    expect(byId.get(19966)).toMatchObject({
      name: 'QuickSwap',
      polygon_address: NEW_QUICK_POLYGON_ADDRESS,
      price_usd: 0.04,
      is_token_contract: false,
    });
    const tokenData = confirming?.[`${quickRole()}_data`] as { price_usd: number | null };
    expect(isRelativelyClose(tokenData.price_usd, 40, 1e-6)).toBe(true);
  });

  it('changes a wrong choice from the farm page and revalues the stored history in one go', async () => {
    const before = await detail();
    const position = before.farm_position_snapshots.at(-1)!;
    const chain = await poolFromChain(position.block_number);
    // The trap priced QUICK at $0.04: the pool's worth is about half what the chain says.
    expect(isRelativelyClose(before.pool.snapshot?.total_liquidity_usd ?? null, chain.tvl, 1e-3)).toBe(false);

    const list = await w.testApp.request({
      method: 'GET',
      url: `/api/quickswap/farm/details/${farm().address}/price-choices`,
      token: user.token,
    });
    expect(list.statusCode).toBe(200);
    const quickChoice = farmPriceChoicesSchema.parse(list.json()).tokens.find((t) => t.address === quick())!;
    expect(quickChoice).toMatchObject({
      // Named as on every other screen: the token most V2 farms paid is the old QUICK.
      symbol: 'QUICK (old)',
      price_source: 'coinmarketcap',
      coinmarketcap_id: 19966,
      newest_price_source: 'coinmarketcap',
    });
    expect(quickChoice.candidates.find((c) => c.is_token_contract)?.id).toBe(8206);

    const put = await w.testApp.request({
      method: 'PUT',
      url: `/api/quickswap/farm/details/${farm().address}/price-choice`,
      token: user.token,
      payload: { token_address: quick(), price_source: 'onchain' },
    });
    expect(put.statusCode).toBe(200);
    const answer = farmPriceChoiceResponseSchema.parse(put.json());
    expect(answer.price_source).toBe('onchain');
    expect(answer.revalued_snapshots).toBeGreaterThan(0);

    const after = await detail();
    const revalued = after.farm_position_snapshots.find((p) => p.block_number === position.block_number)!;
    expect(isRelativelyClose(after.pool.snapshot?.total_liquidity_usd ?? null, chain.tvl, 1e-6)).toBe(true);
    const expectedPosition = (Number(revalued.staked) / chain.supply) * chain.tvl;
    expect(isRelativelyClose(revalued.total_liquidity_usd, expectedPosition, 1e-6)).toBe(true);
    expect(revalued.price_sources?.[quick()]).toBe('pair');
    // The farm page's prices panel names the route its figures use now.
    const listAfter = await w.testApp.request({
      method: 'GET',
      url: `/api/quickswap/farm/details/${farm().address}/price-choices`,
      token: user.token,
    });
    const quickAfter = farmPriceChoicesSchema
      .parse(listAfter.json())
      .tokens.find((t) => t.address === quick());
    expect(quickAfter).toMatchObject({ price_source: 'onchain', newest_price_source: 'pair' });
  });

  it('answers bad choices with 400 naming the field', async () => {
    const put = (payload: Record<string, unknown>) =>
      w.testApp.request({
        method: 'PUT',
        url: `/api/quickswap/farm/details/${farm().address}/price-choice`,
        token: user.token,
        payload,
      });
    const noId = await put({ token_address: quick(), price_source: 'coinmarketcap' });
    expect(noId.statusCode).toBe(400);
    expect(noId.body).toContain('coinmarketcap_id');
    const otherToken = await put({ token_address: w.world.tokens.WBTC.address, price_source: 'onchain' });
    expect(otherToken.statusCode).toBe(400);
    expect(otherToken.body).toContain('token_address');
    const notListed = await put({
      token_address: quick(),
      price_source: 'coinmarketcap',
      coinmarketcap_id: 3408,
    });
    expect(notListed.statusCode).toBe(400);
    expect(notListed.body).toContain('coinmarketcap_id');
  });
});

// Issue 42, finding 1: a price source is one per token for the whole instance, so it is the operator's choice.
// The wizard's user is the instance's first account, its operator (no OPERATOR_EMAILS); a second user is not.
describe("one user cannot change another's figures", () => {
  const choices = async (token: string) => {
    const response = await w.testApp.request({
      method: 'GET',
      url: `/api/quickswap/farm/details/${farm().address}/price-choices`,
      token,
    });
    expect(response.statusCode).toBe(200);
    return farmPriceChoicesSchema.parse(response.json());
  };
  const storedSnapshots = () =>
    w.testApp.database.db.selectFrom('position_snapshots').selectAll().orderBy('id').execute();
  const storedTokens = () => w.testApp.database.db.selectFrom('tokens').selectAll().orderBy('id').execute();

  it("refuses a second user's change with 403 and changes nothing of the first user's figures", async () => {
    const other = await createConfirmedUser(w.testApp);
    const before = {
      detail: await detail(),
      snapshots: await storedSnapshots(),
      tokens: await storedTokens(),
    };
    const seen = await choices(other.token);
    expect(seen.can_change).toBe(false);
    for (const price_source of ['coinmarketcap', 'onchain'] as const) {
      const put = await w.testApp.request({
        method: 'PUT',
        url: `/api/quickswap/farm/details/${farm().address}/price-choice`,
        token: other.token,
        payload: { token_address: quick(), price_source, coinmarketcap_id: 19966 },
      });
      expect(put.statusCode).toBe(403);
      expect(put.json()).toMatchObject({ code: 'FORBIDDEN', message: expect.stringContaining('operator') });
    }
    expect(await storedTokens()).toEqual(before.tokens);
    expect(await storedSnapshots()).toEqual(before.snapshots);
    expect(await detail()).toEqual(before.detail);
  });

  it('shows the choice read-only with who made it and when, and takes a request the operator then sees', async () => {
    const other = await createConfirmedUser(w.testApp);
    const operatorView = await choices(user.token);
    expect(operatorView.can_change).toBe(true);
    const quickChoice = operatorView.tokens.find((t) => t.address === quick())!;
    // The earlier test's change back to on-chain was the operator's.
    const operatorEmail = (
      await w.testApp.request({ method: 'GET', url: '/api/internal/token/session', token: user.token })
    ).json().session.user.email;
    expect(quickChoice.chosen_by).toBe(operatorEmail);
    expect(Number.isNaN(Date.parse(quickChoice.chosen_at ?? ''))).toBe(false);

    const ask = await w.testApp.request({
      method: 'POST',
      url: `/api/quickswap/farm/details/${farm().address}/price-choice-request`,
      token: other.token,
      payload: {
        token_address: quick(),
        price_source: 'coinmarketcap',
        coinmarketcap_id: 8206,
        note: 'old QUICK',
      },
    });
    expect(ask.statusCode).toBe(201);
    const mine = (await choices(other.token)).tokens.find((t) => t.address === quick())!;
    expect(mine).toMatchObject({ chosen_by: operatorEmail, price_source: 'onchain' });
    expect(mine.change_requests).toEqual([
      expect.objectContaining({ requested_by: other.email, coinmarketcap_id: 8206 }),
    ]);
    const seenByOperator = (await choices(user.token)).tokens.find((t) => t.address === quick())!;
    expect(seenByOperator.change_requests.map((r) => [r.requested_by, r.note])).toContainEqual([
      other.email,
      'old QUICK',
    ]);
    // A third user sees neither the other's request nor a way to change.
    const third = await createConfirmedUser(w.testApp);
    const thirdView = await choices(third.token);
    expect(thirdView.can_change).toBe(false);
    expect(thirdView.tokens.flatMap((t) => t.change_requests)).toEqual([]);

    const bad = await w.testApp.request({
      method: 'POST',
      url: `/api/quickswap/farm/details/${farm().address}/price-choice-request`,
      token: other.token,
      payload: { token_address: quick(), price_source: 'coinmarketcap' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('coinmarketcap_id');

    // The operator's change answers the requests.
    const put = await w.testApp.request({
      method: 'PUT',
      url: `/api/quickswap/farm/details/${farm().address}/price-choice`,
      token: user.token,
      payload: { token_address: quick(), price_source: 'onchain' },
    });
    expect(put.statusCode).toBe(200);
    expect((await choices(user.token)).tokens.flatMap((t) => t.change_requests)).toEqual([]);
  });
});
