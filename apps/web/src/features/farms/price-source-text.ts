import type { FarmTokenPrice, PriceChoice } from '@tidewatch/shared';

/** The on-chain routes a snapshot's price can come from (decision 022), as a person reads them. */
const onchainRouteTexts: Record<string, string> = {
  pair: 'on-chain, from its QuickSwap pair with USDC or WMATIC',
  lair: 'on-chain, from the dQUICK lair',
  redenomination: "on-chain, from QUICK's redenomination",
  pool: "on-chain, from this farm's own pair",
};

const listingName = (listing: PriceChoice) => `${listing.name} (${listing.symbol})`;

/** The CoinMarketCap listing a token's figures use, or undefined when it is priced on-chain. */
export function chosenListing(token: FarmTokenPrice): PriceChoice | undefined {
  if (token.price_source !== 'coinmarketcap') return undefined;
  return token.candidates.find((candidate) => candidate.id === token.coinmarketcap_id);
}

/**
 * Where a token's figures take their price now: the CoinMarketCap listing the user chose, or the on-chain
 * route of its newest snapshot.
 * @example currentSourceText(wmatic) // 'on-chain, from its QuickSwap pair with USDC or WMATIC'
 */
export function currentSourceText(token: FarmTokenPrice): string {
  if (token.price_source === 'coinmarketcap') {
    const listing = chosenListing(token);
    return `CoinMarketCap listing ${listing ? listingName(listing) : `#${token.coinmarketcap_id ?? '?'}`}`;
  }
  return onchainRouteTexts[token.newest_price_source ?? ''] ?? 'on-chain';
}

/** What the confirmation says will happen to the figures and the stored history (decision 022). */
export function changeConsequenceText(symbol: string, listing: PriceChoice | undefined): string {
  return listing
    ? `${symbol}'s figures will use CoinMarketCap's price for ${listingName(listing)} from the next snapshot on. The stored history keeps its prices; the chart marks the change.`
    : `${symbol}'s figures will use its on-chain price. The stored history is revalued with the on-chain price at each snapshot's block.`;
}

const pluralRules = new Intl.PluralRules('en-US');

/** What the panel says once a change is saved. */
export function savedText(symbol: string, listing: PriceChoice | undefined, revalued: number): string {
  if (listing) return `${symbol} uses CoinMarketCap (${listing.name}) from the next snapshot on`;
  const snapshots = pluralRules.select(revalued) === 'one' ? 'snapshot' : 'snapshots';
  return `${symbol} now uses its on-chain price: ${revalued} stored ${snapshots} revalued`;
}
