import type { TokenRef } from '@tidewatch/shared';
import type { Address } from 'viem';
import { planTokenReads, type TokenInfo } from '../../core/chain/erc20.ts';
import type { ReadPlan } from '../../core/chain/read-plan.ts';
import { labelToken } from '../../core/chain/token-labels.ts';
import type { RawAmount } from '../../core/prices/token-amounts.ts';
import { planTokenPrices } from '../../core/snapshots/index.ts';
import type { VaultsDeps } from './context.ts';

/** A token as every screen names it (old QUICK and old dQUICK apart), with its USD price (null: unknown). */
type PricedToken = { token: TokenRef; priceUsd: number | null };

/** An amount of a token the plan read, with its token and price: `amountOf(address, raw)`. */
export type AmountOf = (address: Address, raw: bigint) => RawAmount;

/**
 * The reads of the tokens a wallet's stakes name, in the caller's plan (one request with the rest): each token's
 * symbol and decimals and its price by the one price rule (decision 021; a live screen: the price API failing
 * makes its tokens unknown, not the answer an error). Once the plan ran, answers `amountOf`.
 */
export function planTokenValues(
  ctx: VaultsDeps & { prices: NonNullable<VaultsDeps['prices']> },
  plan: ReadPlan,
  addresses: readonly Address[],
): () => Promise<AmountOf> {
  const unique = [...new Map(addresses.map((a) => [a.toLowerCase(), a])).values()];
  const infos = new Map<string, TokenInfo>();
  for (const address of unique) {
    planTokenReads(plan, address, (info) => infos.set(address.toLowerCase(), info));
  }
  const pricesOf = unique.length > 0 ? planTokenPrices(ctx, plan, unique, { isLive: true }) : null;
  return async () => {
    const prices = pricesOf ? await pricesOf() : new Map();
    const priced = new Map<string, PricedToken>();
    for (const [key, info] of infos) {
      priced.set(key, {
        token: labelToken(ctx.oldTokens, {
          address: info.address,
          symbol: info.symbol,
          decimals: info.decimals,
        }),
        priceUsd: prices.get(key)?.usd ?? null,
      });
    }
    return (address, raw) => {
      const found = priced.get(address.toLowerCase());
      if (!found) throw new Error(`token ${address} was not read`);
      return { token: found.token, raw, priceUsd: found.priceUsd };
    };
  };
}
