import type {
  FarmDetail,
  FarmTokenPrice,
  PriceChoice,
  PriceChoiceChangeRequest,
  TokenPriceSources,
} from '@tidewatch/shared';
import { formatRelativeTime } from '../../lib/format.ts';

/** The on-chain routes a snapshot's price can come from (decision 021), as a person reads them. */
const onchainRouteTexts: Record<string, string> = {
  pair: 'on-chain, from its QuickSwap pair with USDC or WMATIC',
  lair: 'on-chain, from the dQUICK lair',
  redenomination: "on-chain, from QUICK's redenomination",
  hub: 'on-chain, from its QuickSwap pair with a token its own pair prices (such as WETH)',
  pool: "on-chain, from this farm's own pair",
};

const listingName = (listing: PriceChoice) => `${listing.name} (${listing.symbol})`;

/** The CoinMarketCap listing a token's figures use, or undefined when it is priced on-chain. */
function chosenListing(token: FarmTokenPrice): PriceChoice | undefined {
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

/** Who set a token's source and when (decision 033): an operator from a farm page, or the token's import. */
export function chosenByText(token: FarmTokenPrice): string {
  if (!token.chosen_by) return 'set when the token was first imported';
  const when = token.chosen_at ? ` ${formatRelativeTime(token.chosen_at)}` : '';
  return `chosen by ${token.chosen_by}${when}`;
}

/** A request for another source, as the operator (or its requester) reads it. */
export function changeRequestText(token: FarmTokenPrice, request: PriceChoiceChangeRequest): string {
  const listing = token.candidates.find((c) => c.id === request.coinmarketcap_id);
  const source =
    request.price_source === 'onchain'
      ? 'its on-chain price'
      : `CoinMarketCap ${listing ? listingName(listing) : `#${request.coinmarketcap_id ?? '?'}`}`;
  const note = request.note ? `: "${request.note}"` : '';
  return `${request.requested_by} asked for ${source} ${formatRelativeTime(request.created_at)}${note}`;
}

/** What the confirmation says will happen to the figures and the stored history (decision 021). */
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

/** A snapshot's price source (decision 021) in a few words, for the history. */
const sourceNames: Record<string, string> = {
  pair: 'on-chain pair',
  lair: 'dQUICK lair',
  redenomination: 'QUICK redenomination',
  hub: 'on-chain pair through WETH or WBTC',
  pool: "this farm's pair",
  coinmarketcap: 'CoinMarketCap',
};
const sourceName = (source: string | null | undefined) =>
  source ? (sourceNames[source] ?? source) : 'unknown';

/** The symbols of a farm's tokens by lower-case address: its pair's two and its rewards. */
export function tokenSymbolsOf(detail: FarmDetail): Map<string, string> {
  const { farm, pool } = detail;
  const rewards = farm.kind === 'lp' ? [farm.reward_token] : [farm.reward_token_a, farm.reward_token_b];
  return new Map(
    [pool.token0, pool.token1, ...rewards].map((token) => [token.address.toLowerCase(), token.symbol]),
  );
}

/**
 * What changed between two history rows' price sources, by token: the history entry where a figure may
 * jump with no trade says why.
 * @example sourceChangeText({ '0xa…': 'coinmarketcap' }, { '0xa…': 'pair' }, symbols)
 * // 'price source changed: WMATIC CoinMarketCap → on-chain pair'
 */
export function sourceChangeText(
  previous: TokenPriceSources | undefined,
  current: TokenPriceSources | undefined,
  symbols: Map<string, string>,
): string {
  const changes = Object.entries(current ?? {}).flatMap(([address, source]) => {
    if (!previous || !(address in previous) || previous[address] === source) return [];
    const symbol = symbols.get(address.toLowerCase()) ?? address;
    return [`${symbol} ${sourceName(previous[address])} → ${sourceName(source)}`];
  });
  return changes.length > 0 ? `price source changed: ${changes.join('; ')}` : 'price source changed';
}
