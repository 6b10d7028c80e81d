import type { PriceChoice } from '@tidewatch/shared';

/** Old QUICK's contract on Polygon (the token most V2 farms paid) and new QUICK's. */
export const oldQuickAddress = '0x831753DD7087CaC61aB5644b308642cc1c33Dc13';
export const newQuickAddress = '0xB5C064F955D8e7F38fE0460C556a72987494eE17';

/**
 * The issue-30 trap: two CoinMarketCap listings under the symbol QUICK, told apart only by contract and
 * price. For old QUICK the first is the token's own listing.
 */
export const quickListings: PriceChoice[] = [
  {
    id: 8206,
    slug: 'quickswap-old',
    name: 'QuickSwap [Old]',
    symbol: 'QUICK',
    polygon_address: oldQuickAddress,
    price_usd: 40,
    is_token_contract: true,
  },
  {
    id: 19966,
    slug: 'quickswap',
    name: 'QuickSwap',
    symbol: 'QUICK',
    polygon_address: newQuickAddress,
    price_usd: 0.04,
    is_token_contract: false,
  },
];
