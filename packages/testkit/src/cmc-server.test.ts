import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cmcListingsForWorld, NEW_QUICK_POLYGON_ADDRESS } from './cmc/listings.ts';
import { type CmcServer, startCmcServer } from './cmc/server.ts';
import { type TokenKey, tokenSpecs } from './world/spec.ts';

// Listings only need token addresses; made-up ones keep this test off the chain.
const tokens = Object.fromEntries(
  Object.keys(tokenSpecs).map((key, i) => [key, { address: `0x${String(i + 1).padStart(40, 'a')}` }]),
) as Record<TokenKey, { address: string }>;
const apiKey = 'test-cmc-key';
let cmc: CmcServer;

beforeAll(async () => {
  cmc = await startCmcServer({ apiKey, listings: cmcListingsForWorld({ tokens }) });
});
afterAll(async () => {
  await cmc.stop();
});

async function get(path: string, headers: Record<string, string> = { 'X-CMC_PRO_API_KEY': apiKey }) {
  const response = await fetch(`${cmc.url}${path}`, { headers });
  // biome-ignore lint/suspicious/noExplicitAny: the test inspects CMC's loosely typed JSON.
  return { response, body: (await response.json()) as any };
}

describe('CoinMarketCap-compatible server', () => {
  it('answers /v2/cryptocurrency/info by contract address, keyed by id', async () => {
    const { response, body } = await get(`/v2/cryptocurrency/info?address=${tokens.QUICK.address}`);
    expect(response.status).toBe(200);
    expect(body.status).toMatchObject({ error_code: 0, error_message: null, credit_count: 1 });
    expect(typeof body.status.timestamp).toBe('string');
    expect(Object.keys(body.data)).toEqual(['8206']);
    expect(body.data['8206']).toMatchObject({
      id: 8206,
      symbol: 'QUICK',
      slug: 'quickswap-old',
      platform: { name: 'Polygon', token_address: tokens.QUICK.address },
      contract_address: [{ contract_address: tokens.QUICK.address, platform: { name: 'Polygon' } }],
    });
  });

  it('rejects an unknown address and never lists the unresolvable token', async () => {
    const { response, body } = await get(`/v2/cryptocurrency/info?address=${tokens.MYST.address}`);
    expect(response.status).toBe(400);
    expect(body.status.error_code).toBe(400);
    expect(body.status.error_message).toContain('address');
    const map = await get('/v1/cryptocurrency/map?symbol=MYST');
    expect(map.body.data).toEqual([]);
  });

  it('maps a symbol to every asset that uses it (two QUICKs)', async () => {
    const { response, body } = await get('/v1/cryptocurrency/map?symbol=QUICK');
    expect(response.status).toBe(200);
    expect(body.data).toHaveLength(2);
    expect(body.data.map((d: { id: number; slug: string }) => [d.id, d.slug])).toEqual([
      [8206, 'quickswap-old'],
      [19966, 'quickswap'],
    ]);
    expect(body.data[1].platform.token_address).toBe(NEW_QUICK_POLYGON_ADDRESS);
  });

  it('quotes USD prices by id with last_updated', async () => {
    const { response, body } = await get('/v2/cryptocurrency/quotes/latest?id=8206,19966,3717&convert=USD');
    expect(response.status).toBe(200);
    expect(body.data['8206'].quote.USD.price).toBe(40);
    expect(body.data['19966'].quote.USD.price).toBe(0.04);
    expect(body.data['3717'].quote.USD.price).toBe(30_000);
    expect(Date.parse(body.data['3717'].quote.USD.last_updated)).not.toBeNaN();
    expect(Date.parse(body.data['3717'].last_updated)).not.toBeNaN();
    const unknown = await get('/v2/cryptocurrency/quotes/latest?id=424242&convert=USD');
    expect(unknown.response.status).toBe(400);
  });

  it('answers 401 without or with a wrong X-CMC_PRO_API_KEY', async () => {
    const missing = await get('/v1/cryptocurrency/map?symbol=QUICK', {});
    expect(missing.response.status).toBe(401);
    expect(missing.body.status).toMatchObject({ error_code: 1002, error_message: 'API key missing.' });
    const wrong = await get('/v1/cryptocurrency/map?symbol=QUICK', { 'X-CMC_PRO_API_KEY': 'nope' });
    expect(wrong.response.status).toBe(401);
    expect(wrong.body.status).toMatchObject({ error_code: 1001, error_message: 'This API Key is invalid.' });
    expect(wrong.body.data).toBeUndefined();
  });

  it('answers 429 with Retry-After while rate limited, and records requests', async () => {
    cmc.setRateLimited(7);
    const limited = await get('/v1/cryptocurrency/map?symbol=WETH');
    expect(limited.response.status).toBe(429);
    expect(limited.response.headers.get('retry-after')).toBe('7');
    expect(limited.body.status.error_code).toBe(1008);
    cmc.setRateLimited(null);
    const again = await get('/v1/cryptocurrency/map?symbol=WETH');
    expect(again.response.status).toBe(200);
    const last = cmc.requests.at(-1);
    expect(last).toMatchObject({ path: '/v1/cryptocurrency/map', query: { symbol: 'WETH' } });
    expect(last?.headers['x-cmc_pro_api_key']).toBe(apiKey);
  });
});
