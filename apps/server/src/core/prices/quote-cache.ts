/** A cached USD quote for one CoinMarketCap id. */
type CachedQuote = { usd: number | null; at: string };

/**
 * Where CoinMarketCap quotes are kept between calls. Async so a shared store (the database, Redis)
 * can stand behind it when several processes run; the in-memory one serves a single process.
 */
export type QuoteCache = {
  get(id: number): Promise<CachedQuote | undefined>;
  set(id: number, quote: CachedQuote, ttlMs: number): Promise<void>;
};

export function createMemoryQuoteCache(now: () => number = Date.now): QuoteCache {
  const entries = new Map<number, { quote: CachedQuote; expiresAt: number }>();
  return {
    async get(id) {
      const entry = entries.get(id);
      if (!entry) return undefined;
      if (entry.expiresAt <= now()) {
        entries.delete(id);
        return undefined;
      }
      return entry.quote;
    },
    async set(id, quote, ttlMs) {
      entries.set(id, { quote, expiresAt: now() + ttlMs });
    },
  };
}
