import { AppError } from '@tidewatch/shared';
import type { Address } from 'viem';
import type { PriceQuote, PriceSource } from '../../prices/price-source.ts';

/** The price sources the farms feature uses: on-chain always, CoinMarketCap when configured. */
export type PriceSources = { onchain: PriceSource; coinmarketcap?: PriceSource | undefined };

/** A token's USD price for a snapshot and where it came from ('derived' = from its pool's reserve ratio). */
export type TokenPrice = { usd: number | null; source: 'onchain' | 'coinmarketcap' | 'derived' | null };

/** Anything a price source throws that is not already typed becomes PRICE_UNAVAILABLE. */
function asPriceError(error: unknown, source: string): AppError {
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
 * Prices every token in one batched look-up per source: on-chain at `blockNumber` for all of them, and
 * CoinMarketCap (when configured) for tokens the user gave an id, which then wins over the on-chain
 * price. A token no source prices gets `{usd: null}`. Any source failure throws: nothing half-priced.
 * Keys: lower-case address.
 */
export async function resolvePrices(
  sources: PriceSources,
  tokens: { address: Address; coinmarketcapId: number | null }[],
  blockNumber?: bigint,
): Promise<Map<string, TokenPrice> & { blockNumber?: bigint }> {
  const result = new Map<string, TokenPrice>() as Map<string, TokenPrice> & { blockNumber?: bigint };
  if (tokens.length === 0) return result;
  const withCmc = sources.coinmarketcap ? tokens.filter((t) => t.coinmarketcapId !== null) : [];
  let onchain: Map<string, PriceQuote>;
  let cmc = new Map<string, PriceQuote>();
  try {
    onchain = await sources.onchain.getUsdPrices(
      tokens.map((t) => ({ address: t.address })),
      blockNumber === undefined ? {} : { blockNumber },
    );
  } catch (error) {
    throw asPriceError(error, 'on-chain');
  }
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
    const fromCmc = cmc.get(key);
    const fromChain = onchain.get(key);
    if (fromChain?.blockNumber !== undefined) result.blockNumber = fromChain.blockNumber;
    if (fromCmc && fromCmc.usd !== null) result.set(key, { usd: fromCmc.usd, source: 'coinmarketcap' });
    else if (fromChain && fromChain.usd !== null) result.set(key, { usd: fromChain.usd, source: 'onchain' });
    else result.set(key, { usd: null, source: null });
  }
  return result;
}
