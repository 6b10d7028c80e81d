import type { CmcListing } from './listings.ts';

/** CMC's `status` object, present on every answer, success or error. */
export function cmcStatus(errorCode = 0, errorMessage: string | null = null, creditCount = 1) {
  return {
    timestamp: new Date().toISOString(),
    error_code: errorCode,
    error_message: errorMessage,
    elapsed: 1,
    credit_count: creditCount,
    notice: null,
  };
}

const polygonPlatform = { id: 3890, name: 'Polygon', symbol: 'MATIC', slug: 'polygon' };

function platformOf(listing: CmcListing) {
  return listing.polygonAddress ? { ...polygonPlatform, token_address: listing.polygonAddress } : null;
}

/** One entry of /v2/cryptocurrency/info `data`. */
export function infoEntry(listing: CmcListing, dateAdded: string) {
  return {
    id: listing.id,
    name: listing.name,
    symbol: listing.symbol,
    category: listing.polygonAddress ? 'token' : 'coin',
    description: `${listing.name} (${listing.symbol}) local test listing.`,
    slug: listing.slug,
    logo: `https://s2.coinmarketcap.com/static/img/coins/64x64/${listing.id}.png`,
    subreddit: '',
    notice: '',
    tags: [],
    'tag-names': [],
    'tag-groups': [],
    urls: {
      website: [],
      twitter: [],
      message_board: [],
      chat: [],
      facebook: [],
      explorer: [],
      reddit: [],
      technical_doc: [],
      source_code: [],
      announcement: [],
    },
    platform: platformOf(listing),
    date_added: dateAdded,
    twitter_username: '',
    is_hidden: 0,
    date_launched: null,
    contract_address: listing.polygonAddress
      ? [
          {
            contract_address: listing.polygonAddress,
            platform: {
              name: 'Polygon',
              coin: { id: '3890', name: 'Polygon', symbol: 'MATIC', slug: 'polygon' },
            },
          },
        ]
      : [],
    self_reported_circulating_supply: null,
    self_reported_tags: null,
    self_reported_market_cap: null,
    infinite_supply: false,
  };
}

/** One element of /v1/cryptocurrency/map `data`. */
export function mapEntry(listing: CmcListing, rank: number, dateAdded: string) {
  return {
    id: listing.id,
    rank,
    name: listing.name,
    symbol: listing.symbol,
    slug: listing.slug,
    is_active: 1,
    first_historical_data: dateAdded,
    last_historical_data: new Date().toISOString(),
    platform: platformOf(listing),
  };
}

/** One entry of /v2/cryptocurrency/quotes/latest `data` (keyed by id). */
export function quoteEntry(listing: CmcListing, rank: number, dateAdded: string, lastUpdated: string) {
  return {
    id: listing.id,
    name: listing.name,
    symbol: listing.symbol,
    slug: listing.slug,
    num_market_pairs: 10,
    date_added: dateAdded,
    tags: [],
    max_supply: null,
    circulating_supply: 1_000_000,
    total_supply: 1_000_000,
    platform: platformOf(listing),
    is_active: 1,
    infinite_supply: false,
    cmc_rank: rank,
    is_fiat: 0,
    self_reported_circulating_supply: null,
    self_reported_market_cap: null,
    tvl_ratio: null,
    last_updated: lastUpdated,
    quote: {
      USD: {
        price: listing.usdPrice,
        volume_24h: 1_000_000,
        volume_change_24h: 0,
        percent_change_1h: 0,
        percent_change_24h: 0,
        percent_change_7d: 0,
        percent_change_30d: 0,
        percent_change_60d: 0,
        percent_change_90d: 0,
        market_cap: listing.usdPrice === null ? null : listing.usdPrice * 1_000_000,
        market_cap_dominance: 0,
        fully_diluted_market_cap: listing.usdPrice === null ? null : listing.usdPrice * 1_000_000,
        tvl: null,
        last_updated: lastUpdated,
      },
    },
  };
}
