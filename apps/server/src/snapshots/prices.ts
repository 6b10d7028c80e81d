import { AppError } from '@tidewatch/shared';
import type { Address } from 'viem';
import type { OnchainPriceSource } from '../prices/onchain-source.ts';
import type { PriceQuote, PriceSource } from '../prices/price-source.ts';

/** The price sources the farms feature uses: on-chain always, CoinMarketCap when configured. */
export type PriceSources = { onchain: OnchainPriceSource; coinmarketcap?: PriceSource | undefined };

/** A token's USD price for a snapshot and where it came from ('derived' = from its pool's reserve ratio). */
export type TokenPrice = { usd: number | null; source: 'onchain' | 'coinmarketcap' | 'derived' | null };

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
 * Prices every token: on-chain prices come read already (`onchainUsd`, from the snapshot's own aggregate3),
 * and CoinMarketCap (when configured) is asked for tokens the user gave an id, which then wins over the
 * on-chain price. A token no source prices gets `{usd: null}`. A CoinMarketCap failure throws: nothing
 * half-priced. Keys: lower-case address.
 */
export async function resolvePrices(
  sources: PriceSources,
  tokens: { address: Address; coinmarketcapId: number | null }[],
  onchainUsd: Map<string, number | null>,
): Promise<Map<string, TokenPrice>> {
  const result = new Map<string, TokenPrice>();
  if (tokens.length === 0) return result;
  const withCmc = sources.coinmarketcap ? tokens.filter((t) => t.coinmarketcapId !== null) : [];
  let cmc = new Map<string, PriceQuote>();
  if (withCmc.length > 0 && sources.coinmarketcap) {
    try {
      cmc = await sources.coinmarketcap.getUsdPrices(
        withCmc.map((t) => ({ address: t.address, coinmarketcapId: t.coinmarketcapId })),
      );
    } catch (error) {
      throw asPriceError(error, 'CoinMarketCap');
    }
  }
  for (const token of tokens) {
    const key = token.address.toLowerCase();
    const fromCmc = cmc.get(key)?.usd ?? null;
    const fromChain = onchainUsd.get(key) ?? null;
    if (fromCmc !== null) result.set(key, { usd: fromCmc, source: 'coinmarketcap' });
    else if (fromChain !== null) result.set(key, { usd: fromChain, source: 'onchain' });
    else result.set(key, { usd: null, source: null });
  }
  return result;
}
