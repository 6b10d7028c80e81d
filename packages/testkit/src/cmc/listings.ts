import type { TokenKey } from '../world/spec.ts';

/** One CoinMarketCap asset as the local server serves it. */
export type CmcListing = {
  id: number;
  name: string;
  symbol: string;
  slug: string;
  /** Its contract on Polygon; null for a native coin. */
  polygonAddress: string | null;
  /** USD price; null serves `price: null` like CMC does for untracked assets. */
  usdPrice: number | null;
  /** ISO time of the quote; defaults to the server's start time. */
  lastUpdated?: string;
};

/** The real new-QUICK Polygon contract: deliberately not a token of the local world. */
export const NEW_QUICK_POLYGON_ADDRESS = '0xB5C064F955D8e7F38fE0460C556a72987494eE17';

/**
 * Listings consistent with the world's pool prices. Two different assets share the symbol QUICK
 * (old QUICK is the world's token at $40; new QUICK is another contract at $0.04), and the
 * world's MYST has no listing at all.
 */
export function cmcListingsForWorld(world: { tokens: Record<TokenKey, { address: string }> }): CmcListing[] {
  const t = world.tokens;
  return [
    { id: 3408, name: 'USDC', symbol: 'USDC', slug: 'usd-coin', polygonAddress: t.USDC.address, usdPrice: 1 },
    {
      id: 3717,
      name: 'Wrapped Bitcoin',
      symbol: 'WBTC',
      slug: 'wrapped-bitcoin',
      polygonAddress: t.WBTC.address,
      usdPrice: 30_000,
    },
    {
      id: 8925,
      name: 'Wrapped Matic',
      symbol: 'WMATIC',
      slug: 'wmatic',
      polygonAddress: t.WMATIC.address,
      usdPrice: 0.5,
    },
    { id: 2396, name: 'WETH', symbol: 'WETH', slug: 'weth', polygonAddress: t.WETH.address, usdPrice: 2_000 },
    {
      id: 8206,
      name: 'QuickSwap [Old]',
      symbol: 'QUICK',
      slug: 'quickswap-old',
      polygonAddress: t.QUICK.address,
      usdPrice: 40,
    },
    {
      id: 19966,
      name: 'QuickSwap',
      symbol: 'QUICK',
      slug: 'quickswap',
      polygonAddress: NEW_QUICK_POLYGON_ADDRESS,
      usdPrice: 0.04,
    },
    {
      id: 9441,
      name: "Dragon's Quick",
      symbol: 'DQUICK',
      slug: 'dragons-quick',
      polygonAddress: t.DQUICK.address,
      usdPrice: 45,
    },
    { id: 1518, name: 'Maker', symbol: 'MKR', slug: 'maker', polygonAddress: t.MKR.address, usdPrice: 1_500 },
  ];
}
