import type { TokenRef } from '@tidewatch/shared';
import type { Address } from 'viem';
import type { ChainClient } from '../../core/chain/client.ts';
import { planTokenReads, type TokenInfo } from '../../core/chain/erc20.ts';
import { ReadPlan } from '../../core/chain/read-plan.ts';
import { labelToken } from '../../core/chain/token-labels.ts';
import type { RawAmount } from '../../core/prices/token-amounts.ts';
import { planTokenPrices } from '../../core/snapshots/index.ts';
import type { VaultsDeps } from './context.ts';

/** A token as every screen names it (old QUICK and old dQUICK apart), with its USD price (null: unknown). */
type PricedToken = { token: TokenRef; priceUsd: number | null };

/**
 * The tokens a wallet's stakes name, read in one request at the block they were found at: each token's symbol
 * and decimals and its price by the one price rule (decision 021; a live screen: the price API failing makes
 * its tokens unknown, not the answer an error). Answers `amountOf(address, raw)`.
 */
export async function readTokenValues(
  ctx: VaultsDeps & { chain: ChainClient; prices: NonNullable<VaultsDeps['prices']> },
  addresses: readonly Address[],
  block: bigint,
): Promise<(address: Address, raw: bigint) => RawAmount> {
  const unique = [...new Map(addresses.map((a) => [a.toLowerCase(), a])).values()];
  const infos = new Map<string, TokenInfo>();
  const plan = new ReadPlan();
  for (const address of unique)
    planTokenReads(plan, address, (info) => infos.set(address.toLowerCase(), info));
  const pricesOf = planTokenPrices(ctx, plan, unique, { isLive: true });
  if (unique.length > 0) await plan.run(ctx.chain, block);
  const prices = unique.length > 0 ? await pricesOf() : new Map();
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
}
