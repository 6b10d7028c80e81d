import { AppError, type TokenSnapshotsResponse } from '@tidewatch/shared';
import type { Address } from 'viem';
import { findTokensInUse, insertTokenSnapshots } from '../../core/farms/repository.ts';
import { asPriceError, priceChoiceOf, resolvePrices } from '../../core/snapshots/prices.ts';
import type { FarmsContext } from './context.ts';

/** A price snapshot of every token in use, by the same rule as every position snapshot (decision 021). */
export async function createTokenSnapshots(ctx: FarmsContext): Promise<TokenSnapshotsResponse> {
  if (!ctx.prices) throw new AppError('PRICE_UNAVAILABLE', 'no price source is configured on this server');
  const tokens = await findTokensInUse(ctx.db, ctx.chainId);
  const createdOn = ctx.now().toISOString();
  // On-chain prices of every token in use, in one aggregate3 that also tells its block.
  const onchain =
    tokens.length === 0
      ? new Map()
      : await ctx.prices.onchain
          .getUsdPrices(tokens.map((t) => ({ address: t.address as Address })))
          .catch((error: unknown) => {
            throw asPriceError(error, 'on-chain');
          });
  const onchainPrices = new Map(
    [...onchain].map(([key, quote]) => [key, { usd: quote.usd, route: quote.route ?? null }]),
  );
  // The same rule as every snapshot (decision 021): a token snapshot never disagrees with a position's.
  const prices = await resolvePrices(
    ctx.prices,
    tokens.map((t) => ({
      address: t.address as Address,
      coinmarketcapId: t.coinmarketcap_id,
      priceChoice: priceChoiceOf(t.price_choice),
    })),
    onchainPrices,
  );
  const readAt = [...onchain.values()][0]?.blockNumber;
  const blockNumber = readAt === undefined ? null : Number(readAt);
  await insertTokenSnapshots(
    ctx.db,
    tokens.map((t) => {
      const price = prices.get(t.address.toLowerCase()) ?? { usd: null, source: null, onchainUsd: null };
      return {
        token_id: t.id,
        price_usd: price.usd,
        price_source: price.source,
        onchain_price_usd: price.onchainUsd,
        block_number: blockNumber,
        created_on: createdOn,
      };
    }),
  );
  return { count: tokens.length, created_on: createdOn, block_number: blockNumber };
}
