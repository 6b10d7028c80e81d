import { AppError } from '@tidewatch/shared';
import { z } from 'zod';
import { type PriceQuote, type PriceRequest, type PriceSource, priceKey } from './price-source.ts';
import { createMemoryQuoteCache, type QuoteCache } from './quote-cache.ts';

/** Fires when CoinMarketCap is not configured, unreachable, rate-limited too long, or answers oddly. */
export class PriceUnavailableError extends AppError {
  readonly kind = 'PriceUnavailableError';
  readonly shortMessage: string;
  constructor(shortMessage: string, options: { cause?: unknown } = {}) {
    super('PRICE_UNAVAILABLE', shortMessage, options);
    this.shortMessage = shortMessage;
  }
}

export type CmcCandidate = {
  id: number;
  slug: string;
  name: string;
  symbol: string;
  /** Its contract on Polygon as CoinMarketCap lists it; null when it lists none (another chain's coin). */
  polygonAddress: string | null;
};

const platformSchema = z
  .object({ name: z.string().optional(), slug: z.string().optional(), token_address: z.string().optional() })
  .nullish();
const candidateSchema = z.object({
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  symbol: z.string(),
  platform: platformSchema,
  contract_address: z
    .array(
      z.object({
        contract_address: z.string(),
        platform: z.object({ name: z.string().optional() }).optional(),
      }),
    )
    .nullish(),
});
type CandidateEntry = z.infer<typeof candidateSchema>;

const isPolygon = (name: string | undefined) => /^polygon/i.test(name ?? '');

/** The Polygon contract of a listing: its main platform when that is Polygon, else its Polygon entry. */
function polygonAddressOf(entry: CandidateEntry): string | null {
  if (entry.platform?.token_address && (isPolygon(entry.platform.name) || isPolygon(entry.platform.slug)))
    return entry.platform.token_address;
  const listed = entry.contract_address?.find((c) => isPolygon(c.platform?.name));
  return listed?.contract_address ?? null;
}
const infoSchema = z.object({
  data: z.record(z.string(), z.union([candidateSchema, z.array(candidateSchema)])),
});
const mapSchema = z.object({ data: z.array(candidateSchema) });
const quotesSchema = z.object({
  data: z.record(
    z.string(),
    z.object({
      id: z.number(),
      last_updated: z.string().optional(),
      quote: z.object({
        USD: z.object({ price: z.number().nullable(), last_updated: z.string().optional() }),
      }),
    }),
  ),
});

export type CoinMarketCapOptions = {
  /** CMC_API_KEY; when missing every call throws PriceUnavailableError saying so. */
  apiKey: string | undefined;
  /** CMC_API_URL, e.g. https://pro-api.coinmarketcap.com */
  baseUrl: string;
  timeoutMs?: number;
  retryCount?: number;
  /** A Retry-After longer than this fails at once. */
  maxRetryAfterMs?: number;
  /** How long quotes are reused; never below 60 s (CMC refreshes about once a minute, and credits cost). */
  cacheTtlMs?: number;
  cache?: QuoteCache;
};

export type CoinMarketCapClient = PriceSource & {
  /** Candidates for a token: by contract address first, then same-symbol assets (which may be other coins). */
  findCandidates(query: { address?: string; symbol?: string }): Promise<CmcCandidate[]>;
  /** USD quotes by CoinMarketCap id, from the cache when fresh; one HTTP request for all missing ids. */
  getQuotes(ids: number[]): Promise<Map<number, { usd: number | null; at: Date }>>;
};

/**
 * CoinMarketCap over its documented HTTP API (header X-CMC_PRO_API_KEY).
 * @example
 * const cmc = createCoinMarketCapClient({ apiKey: config.CMC_API_KEY, baseUrl: config.CMC_API_URL });
 * const candidates = await cmc.findCandidates({ address: token.address, symbol: token.symbol });
 */
export function createCoinMarketCapClient(options: CoinMarketCapOptions): CoinMarketCapClient {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const retryCount = options.retryCount ?? 2;
  const maxRetryAfterMs = options.maxRetryAfterMs ?? 10_000;
  const ttlMs = Math.max(60_000, options.cacheTtlMs ?? 60_000);
  const cache = options.cache ?? createMemoryQuoteCache();
  const base = options.baseUrl.replace(/\/+$/, '');

  async function get(
    path: string,
    query: Record<string, string>,
  ): Promise<{ status: number; body: unknown }> {
    if (!options.apiKey)
      throw new PriceUnavailableError('CoinMarketCap is not configured: CMC_API_KEY is not set.');
    const url = `${base}${path}?${new URLSearchParams(query)}`;
    for (let attempt = 0; ; attempt++) {
      let response: Response;
      try {
        response = await fetch(url, {
          headers: { 'X-CMC_PRO_API_KEY': options.apiKey, Accept: 'application/json' },
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        throw new PriceUnavailableError(`CoinMarketCap could not be reached for ${path}.`, { cause: error });
      }
      if (response.status === 429) {
        const seconds = Number.parseInt(response.headers.get('retry-after') ?? '', 10);
        const waitMs = Number.isNaN(seconds) ? 1_000 * 2 ** attempt : seconds * 1_000;
        if (attempt >= retryCount || waitMs > maxRetryAfterMs) {
          throw new PriceUnavailableError(
            `CoinMarketCap rate-limited ${path}${Number.isNaN(seconds) ? '' : `; it asks to retry after ${seconds} s`}.`,
          );
        }
        await new Promise((r) => setTimeout(r, waitMs));
        continue;
      }
      const body: unknown = await response.json().catch(() => undefined);
      if (response.status === 401 || response.status === 403) {
        throw new PriceUnavailableError('CoinMarketCap refused the API key (CMC_API_KEY).');
      }
      if (response.status >= 500 || body === undefined) {
        throw new PriceUnavailableError(`CoinMarketCap answered ${path} with HTTP ${response.status}.`);
      }
      return { status: response.status, body };
    }
  }

  const parse = <T>(schema: z.ZodType<T>, body: unknown, path: string): T => {
    const parsed = schema.safeParse(body);
    if (!parsed.success)
      throw new PriceUnavailableError(`CoinMarketCap answered ${path} in an unexpected shape.`);
    return parsed.data;
  };
  const pick = (entry: CandidateEntry): CmcCandidate => ({
    id: entry.id,
    slug: entry.slug,
    name: entry.name,
    symbol: entry.symbol,
    polygonAddress: polygonAddressOf(entry),
  });

  const client: CoinMarketCapClient = {
    name: 'coinmarketcap',

    async findCandidates({ address, symbol }) {
      const found: CmcCandidate[] = [];
      if (address) {
        const path = '/v2/cryptocurrency/info';
        const { status, body } = await get(path, { address });
        // CMC answers 400 "Invalid value for address" for a contract it does not list: no candidates.
        if (status === 200) {
          for (const entry of Object.values(parse(infoSchema, body, path).data)) {
            found.push(...(Array.isArray(entry) ? entry : [entry]).map(pick));
          }
        }
      }
      if (symbol) {
        const path = '/v1/cryptocurrency/map';
        const { status, body } = await get(path, { symbol });
        if (status === 200) found.push(...parse(mapSchema, body, path).data.map(pick));
      }
      return found.filter((c, i) => found.findIndex((o) => o.id === c.id) === i);
    },

    async getQuotes(ids) {
      const unique = [...new Set(ids)];
      const result = new Map<number, { usd: number | null; at: Date }>();
      const missing: number[] = [];
      for (const id of unique) {
        const cached = await cache.get(id);
        if (cached) result.set(id, { usd: cached.usd, at: new Date(cached.at) });
        else missing.push(id);
      }
      if (missing.length === 0) return result;
      const path = '/v2/cryptocurrency/quotes/latest';
      const { status, body } = await get(path, { id: missing.join(','), convert: 'USD' });
      if (status !== 200)
        throw new PriceUnavailableError(`CoinMarketCap did not quote ids ${missing.join(',')}.`);
      const data = parse(quotesSchema, body, path).data;
      const fetchedAt = new Date().toISOString();
      for (const id of missing) {
        const entry = data[String(id)];
        const quote = { usd: entry?.quote.USD.price ?? null, at: entry?.quote.USD.last_updated ?? fetchedAt };
        await cache.set(id, quote, ttlMs);
        result.set(id, { usd: quote.usd, at: new Date(quote.at) });
      }
      return result;
    },

    /** Prices the tokens the user linked to a CoinMarketCap id; the others are null (unknown). */
    async getUsdPrices(tokens: PriceRequest[]) {
      const ids = tokens.flatMap((t) => (t.coinmarketcapId ? [t.coinmarketcapId] : []));
      const quotes =
        ids.length > 0 ? await client.getQuotes(ids) : new Map<number, { usd: number | null; at: Date }>();
      const prices = new Map<string, PriceQuote>();
      for (const token of tokens) {
        const quote = token.coinmarketcapId ? quotes.get(token.coinmarketcapId) : undefined;
        prices.set(priceKey(token.address), {
          usd: quote?.usd ?? null,
          source: 'coinmarketcap',
          at: quote?.at ?? new Date(),
        });
      }
      return prices;
    },
  };
  return client;
}
