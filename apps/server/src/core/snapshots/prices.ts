import { AppError } from '@tidewatch/shared';
import type { Address } from 'viem';
import type { OnchainPriceSource } from '../prices/onchain-source.ts';
import type { OnchainPrice, PriceQuote, PriceSource, PriceSourceKind } from '../prices/price-source.ts';

/** The price sources the farms feature uses: on-chain always, CoinMarketCap when configured. */
export type PriceSources = { onchain: OnchainPriceSource; coinmarketcap?: PriceSource | undefined };

/** What a token's price is asked from: the price API only when its user chose it (decision 021). */
export type PriceChoiceKind = 'onchain' | 'coinmarketcap';

/**
 * A token's USD price for a snapshot, where it came from, and the on-chain price at the same block
 * (kept beside it so stored history can be revalued when the choice changes).
 */
export type TokenPrice = { usd: number | null; source: PriceSourceKind | null; onchainUsd: number | null };

/** What the rule needs to know of a token: its address, its CoinMarketCap id and the user's choice. */
export type TokenPriceRequest = {
  address: Address;
  coinmarketcapId: number | null;
  priceChoice: PriceChoiceKind;
};

/** Anything a price source throws that is not already typed becomes PRICE_UNAVAILABLE. */
export function asPriceError(error: unknown, source: string): AppError {
  if (error instanceof AppError) return error;
  return new AppError(
    'PRICE_UNAVAILABLE',
    `the ${source} price source failed: ${(error as Error)?.message ?? error}`,
    {
      cause: error,
    },
  );
}

/**
 * The one price rule (decision 021), the same for every snapshot path (refresh, schedule, history,
 * import, token snapshots): the price API for a token whose user chose it (and that has an id), else
 * its on-chain route (pair, lair, redenomination) at the snapshot's block. A token neither prices is
 * `{usd: null}`; the valuation may still derive it from its own pool ('pool'). A CoinMarketCap failure
 * throws (nothing stored half-priced), or with `apiFailure: 'unknown'` (a live screen, issue 43) leaves the
 * tokens priced by the API unknown — not their on-chain price, which is not the one chosen — and the rest as
 * they are. Keys: lower-case address.
 * @example
 * const prices = await resolvePrices(sources, [{ address, coinmarketcapId: null, priceChoice: 'onchain' }], read.onchainPrices);
 */
export async function resolvePrices(
  sources: PriceSources,
  tokens: TokenPriceRequest[],
  onchain: Map<string, OnchainPrice>,
  options: { apiFailure?: 'throw' | 'unknown' } = {},
): Promise<Map<string, TokenPrice>> {
  const result = new Map<string, TokenPrice>();
  if (tokens.length === 0) return result;
  const chosen = sources.coinmarketcap
    ? tokens.filter((t) => t.priceChoice === 'coinmarketcap' && t.coinmarketcapId !== null)
    : [];
  let quotes = new Map<string, PriceQuote>();
  let isApiDown = false;
  if (chosen.length > 0 && sources.coinmarketcap) {
    try {
      quotes = await sources.coinmarketcap.getUsdPrices(
        chosen.map((t) => ({ address: t.address, coinmarketcapId: t.coinmarketcapId })),
      );
    } catch (error) {
      if (options.apiFailure !== 'unknown') throw asPriceError(error, 'CoinMarketCap');
      isApiDown = true;
    }
  }
  const isChosen = new Set(chosen.map((t) => t.address.toLowerCase()));
  for (const token of tokens) {
    const key = token.address.toLowerCase();
    const fromChain = onchain.get(key) ?? { usd: null, route: null };
    if (isApiDown && isChosen.has(key)) {
      result.set(key, { usd: null, source: 'coinmarketcap', onchainUsd: fromChain.usd });
      continue;
    }
    const fromApi = quotes.get(key)?.usd ?? null;
    const onchainUsd = fromChain.usd;
    if (fromApi !== null) result.set(key, { usd: fromApi, source: 'coinmarketcap', onchainUsd });
    else if (fromChain.usd !== null && fromChain.route !== null)
      result.set(key, { usd: fromChain.usd, source: fromChain.route, onchainUsd });
    else result.set(key, { usd: null, source: null, onchainUsd });
  }
  return result;
}

/** A stored token's choice, read defensively: anything but 'coinmarketcap' is the on-chain default. */
export const priceChoiceOf = (stored: string | null | undefined): PriceChoiceKind =>
  stored === 'coinmarketcap' ? 'coinmarketcap' : 'onchain';
