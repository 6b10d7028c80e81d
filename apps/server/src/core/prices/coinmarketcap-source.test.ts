import {
  type Anvil,
  type CmcServer,
  cmcListingsForWorld,
  deployQuickswapWorld,
  NEW_QUICK_POLYGON_ADDRESS,
  startAnvil,
  startCmcServer,
  type World,
} from '@tidewatch/testkit';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCoinMarketCapClient, PriceUnavailableError } from './coinmarketcap-source.ts';
import { createMemoryQuoteCache } from './quote-cache.ts';

let anvil: Anvil;
let world: World;
let cmc: CmcServer;
beforeAll(async () => {
  anvil = await startAnvil();
  world = await deployQuickswapWorld(anvil);
  cmc = await startCmcServer({ apiKey: 'test-key', listings: cmcListingsForWorld(world) });
});
beforeEach(() => {
  cmc.requests.length = 0;
  cmc.setRateLimited(null);
});
afterAll(async () => {
  await cmc?.stop();
  await anvil?.stop();
});

const makeClient = (extra: Partial<Parameters<typeof createCoinMarketCapClient>[0]> = {}) =>
  createCoinMarketCapClient({ apiKey: cmc.apiKey, baseUrl: cmc.url, ...extra });

describe('CoinMarketCap candidates', () => {
  it('finds the token by address first, then every same-symbol asset, once each', async () => {
    const quick = world.tokens.QUICK;
    const candidates = await makeClient().findCandidates({ address: quick.address, symbol: 'QUICK' });
    expect(candidates).toEqual([
      {
        id: 8206,
        slug: 'quickswap-old',
        name: 'QuickSwap [Old]',
        symbol: 'QUICK',
        polygonAddress: world.tokens.QUICK.address,
      },
      {
        id: 19966,
        slug: 'quickswap',
        name: 'QuickSwap',
        symbol: 'QUICK',
        polygonAddress: NEW_QUICK_POLYGON_ADDRESS,
      },
    ]);
    expect(cmc.requests.map((r) => [r.path, r.headers['x-cmc_pro_api_key']])).toEqual([
      ['/v2/cryptocurrency/info', 'test-key'],
      ['/v1/cryptocurrency/map', 'test-key'],
    ]);
  });

  it('has no candidates for a token CoinMarketCap does not list', async () => {
    expect(await makeClient().findCandidates({ address: world.tokens.MYST.address, symbol: 'MYST' })).toEqual(
      [],
    );
  });
});

describe('CoinMarketCap quotes', () => {
  it('quotes by id and reuses quotes for 60 s', async () => {
    let now = 1_000_000;
    const client = makeClient({ cache: createMemoryQuoteCache(() => now) });
    const first = await client.getQuotes([8206, 19966]);
    expect(first.get(8206)?.usd).toBe(40);
    expect(first.get(19966)?.usd).toBe(0.04);
    expect(cmc.requests).toHaveLength(1);
    expect(cmc.requests[0]?.query).toEqual({ id: '8206,19966', convert: 'USD' });
    now += 59_000;
    expect((await client.getQuotes([8206])).get(8206)?.usd).toBe(40);
    expect(cmc.requests).toHaveLength(1);
    now += 2_000;
    await client.getQuotes([8206]);
    expect(cmc.requests).toHaveLength(2);
  });

  it('answers the PriceSource interface: tagged, and null without an id', async () => {
    const prices = await makeClient().getUsdPrices([
      { address: world.tokens.WBTC.address, coinmarketcapId: 3717 },
      { address: world.tokens.MYST.address, coinmarketcapId: null },
    ]);
    expect(prices.get(world.tokens.WBTC.address.toLowerCase())).toMatchObject({
      usd: 30_000,
      source: 'coinmarketcap',
    });
    expect(prices.get(world.tokens.MYST.address.toLowerCase())).toMatchObject({
      usd: null,
      source: 'coinmarketcap',
    });
  });

  it('waits out a short 429 Retry-After, then answers', async () => {
    cmc.setRateLimited(1);
    setTimeout(() => cmc.setRateLimited(null), 300);
    const started = Date.now();
    const quotes = await makeClient().getQuotes([3408]);
    expect(quotes.get(3408)?.usd).toBe(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
    expect(cmc.requests).toHaveLength(2);
  });

  it('gives up at once on a long Retry-After', async () => {
    cmc.setRateLimited(3_600);
    const error = await makeClient()
      .getQuotes([3408])
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PriceUnavailableError);
    expect((error as PriceUnavailableError).code).toBe('PRICE_UNAVAILABLE');
    expect((error as PriceUnavailableError).shortMessage).toBe(
      'CoinMarketCap rate-limited /v2/cryptocurrency/quotes/latest; it asks to retry after 3600 s.',
    );
    // Given up without a second request: no waiting for the hour it asked for.
    expect(cmc.requests).toHaveLength(1);
  });

  it('says the key is missing without calling out', async () => {
    const error = await makeClient({ apiKey: undefined })
      .getQuotes([3408])
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PriceUnavailableError);
    expect((error as PriceUnavailableError).message).toBe(
      'CoinMarketCap is not configured: CMC_API_KEY is not set.',
    );
    expect(cmc.requests).toHaveLength(0);
  });

  it('says the key is refused', async () => {
    await expect(makeClient({ apiKey: 'wrong' }).findCandidates({ symbol: 'QUICK' })).rejects.toThrow(
      'CoinMarketCap refused the API key (CMC_API_KEY).',
    );
  });
});
