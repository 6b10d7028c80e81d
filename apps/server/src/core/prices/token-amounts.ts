import type { V3TokenAmount as TokenAmount, TokenRef } from '@tidewatch/shared';
import { formatUnits } from 'viem';
import { toTokenNumber } from '../snapshots/valuation/index.ts';

/** An amount in the token's smallest unit, with the token and its USD price (null: no price). */
export type RawAmount = { token: TokenRef; raw: bigint; priceUsd: number | null };

/** As the API shows it: whole tokens, exact; USD null when the token has no price (never 0). */
export function toTokenAmount(amount: RawAmount): TokenAmount {
  return {
    token: amount.token,
    amount: formatUnits(amount.raw, amount.token.decimals),
    usd: amount.priceUsd === null ? null : toTokenNumber(amount.raw, amount.token.decimals) * amount.priceUsd,
  };
}

/**
 * The USD of amounts together; null when a non-zero amount has no price (none of a token is $0 whatever its
 * price, so a zero amount of an unpriced token does not make the sum unknown).
 */
export function sumUsd(amounts: readonly RawAmount[]): number | null {
  let total = 0;
  for (const amount of amounts) {
    if (amount.raw === 0n) continue;
    if (amount.priceUsd === null) return null;
    total += toTokenNumber(amount.raw, amount.token.decimals) * amount.priceUsd;
  }
  return total;
}
