import { isSameAddress, type PriceChoice } from '@tidewatch/shared';
import type { CmcCandidate } from './coinmarketcap-source.ts';

/**
 * A CoinMarketCap listing offered as a token's price: its current price from `quotes` (null when it has
 * none) and whether its Polygon contract is the token at `tokenAddress` itself.
 */
export function toPriceChoice(
  candidate: CmcCandidate,
  quotes: ReadonlyMap<number, { usd: number | null }>,
  tokenAddress: string,
): PriceChoice {
  return {
    id: candidate.id,
    slug: candidate.slug,
    name: candidate.name,
    symbol: candidate.symbol,
    polygon_address: candidate.polygonAddress,
    price_usd: quotes.get(candidate.id)?.usd ?? null,
    is_token_contract: isSameAddress(candidate.polygonAddress, tokenAddress),
  };
}
