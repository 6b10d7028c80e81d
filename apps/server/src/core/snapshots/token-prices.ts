import type { Kysely } from 'kysely';
import type { Address } from 'viem';
import type { ReadPlan } from '../chain/read-plan.ts';
import type { Database } from '../db/index.ts';
import { findTokensByAddress } from '../farms/repository.ts';
import { asPriceError, type PriceSources, priceChoiceOf, resolvePrices, type TokenPrice } from './prices.ts';

/**
 * The one price rule (decision 021) for tokens outside a farm read (the recovery plan's tokens, POL for
 * gas): the on-chain reads ride in the caller's plan (one aggregate3 at its block); once it ran, the
 * returned function asks CoinMarketCap for the tokens whose user chose it, and answers every token's price
 * by lower-case address. `isPast`: the plan read a past block, so on-chain only (a CoinMarketCap quote is
 * today's price, not that block's), as the history job prices. Throws PRICE_UNAVAILABLE.
 * @example
 * const pricesOf = planTokenPrices({ db, chainId, prices }, plan, [wmatic]);
 * await plan.run(chain, 'latest');
 * const prices = await pricesOf();
 */
export function planTokenPrices(
  deps: { db: Kysely<Database>; chainId: number; prices: PriceSources },
  plan: ReadPlan,
  tokens: Address[],
  options: { isPast?: boolean; isLive?: boolean } = {},
): () => Promise<Map<string, TokenPrice>> {
  const planned = deps.prices.onchain.planPrices(plan, tokens);
  return async () => {
    let onchain: ReturnType<typeof planned>;
    try {
      onchain = planned();
    } catch (error) {
      throw asPriceError(error, 'on-chain');
    }
    const stored = await findTokensByAddress(deps.db, deps.chainId, tokens);
    const requests = tokens.map((address) => {
      const row = stored.get(address.toLowerCase());
      return {
        address,
        coinmarketcapId: row?.coinmarketcap_id ?? null,
        priceChoice: options.isPast ? ('onchain' as const) : priceChoiceOf(row?.price_choice),
      };
    });
    // A live screen shows the API's tokens unknown when it fails; what is stored waits for whole prices.
    return resolvePrices(deps.prices, requests, onchain, {
      apiFailure: options.isLive ? 'unknown' : 'throw',
    });
  };
}
