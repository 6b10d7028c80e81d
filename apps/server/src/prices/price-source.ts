import type { Address } from 'viem';

export type PriceSourceName = 'onchain' | 'coinmarketcap';

/** What a price is asked for: the token, and its CoinMarketCap id when the user chose one. */
export type PriceRequest = { address: Address; coinmarketcapId?: number | null };

export type PriceQuote = {
  /** USD per whole token; null when this source cannot price it (shown as unknown, never $0.00). */
  usd: number | null;
  source: PriceSourceName;
  /** When the price held: the snapshot block's time on-chain, the quote's `last_updated` on CoinMarketCap. */
  at: Date;
  /** On-chain prices: the block whose reserves gave the price. */
  blockNumber?: bigint;
};

export type GetPricesOptions = {
  /** On-chain: read reserves at this block (the snapshot's). Ignored by off-chain sources. */
  blockNumber?: bigint;
};

/** One interface over every price source; answers are keyed by lower-case token address. */
export type PriceSource = {
  name: PriceSourceName;
  getUsdPrices(tokens: PriceRequest[], options?: GetPricesOptions): Promise<Map<string, PriceQuote>>;
};

/** Lower-case key for price maps: addresses compare case-insensitively. */
export const priceKey = (address: string): string => address.toLowerCase();
