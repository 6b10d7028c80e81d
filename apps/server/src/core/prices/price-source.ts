import type { Address } from 'viem';

type PriceSourceName = 'onchain' | 'coinmarketcap';

/**
 * How the chain priced a token (decision 021): its USDC/WMATIC pair, its lair, QUICK's redenomination, or
 * its pair with a hub (a token such as WETH that its own pair prices).
 */
export type OnchainRoute = 'pair' | 'lair' | 'redenomination' | 'hub';

/**
 * Where a snapshot's token price came from (decision 021): an on-chain route, 'pool' (the farm's own
 * pair's reserve ratio against a priced side), or 'coinmarketcap' (the price API, only when the user chose it).
 */
export type PriceSourceKind = OnchainRoute | 'pool' | 'coinmarketcap';

/** An on-chain price and its route; `usd` null (and `route` null) when no route prices the token. */
export type OnchainPrice = { usd: number | null; route: OnchainRoute | null };

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
  /** On-chain prices: the route that priced it. */
  route?: OnchainRoute | null;
};

type GetPricesOptions = {
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
