import { formatTokenAmount } from '@tidewatch/shared/amounts';
import type { V3TokenAmount } from '@tidewatch/shared/v3-positions';
import { formatUsd } from '../../lib/format.ts';

type Pair = { token0: { symbol: string }; token1: { symbol: string } };

/**
 * A price of the pool as the exchange reads it, token1 per token0 (the API's decimal string, cut, never
 * rounded up).
 * @example formatPoolPrice('0.5', pool) // '0.5 USDC per WMATIC'
 */
export function formatPoolPrice(price: string, pool: Pair): string {
  return `${formatTokenAmount(price)} ${pool.token1.symbol} per ${pool.token0.symbol}`;
}

/**
 * A position's range as prices.
 * @example formatRange('0.4', '0.6', pool) // '0.4 – 0.6 USDC per WMATIC'
 */
export function formatRange(lower: string, upper: string, pool: Pair): string {
  return `${formatTokenAmount(lower)} – ${formatPoolPrice(upper, pool)}`;
}

/** '1.5 WMATIC': an amount with its token's symbol. */
export const formatAmountOf = (amount: string, symbol: string): string =>
  `${formatTokenAmount(amount)} ${symbol}`;

/**
 * Amounts of several tokens and their USD together; 'unknown' when a price is missing (never $0).
 * @example formatAmountsWithUsd([wmatic 0.02 $0.01, usdc 0.02 $0.02], 0.03) // '0.02 WMATIC + 0.02 USDC ($0.03)'
 */
export function formatAmountsWithUsd(amounts: readonly V3TokenAmount[], usd: number | null): string {
  const tokens = amounts.map((part) => formatAmountOf(part.amount, part.token.symbol)).join(' + ');
  return `${tokens} (${formatUsd(usd)})`;
}

/** One token's amount with its own USD: '1.5 WMATIC ($0.75)', '3 USDC (unknown)'. */
export const formatAmountWithUsd = (part: V3TokenAmount): string => formatAmountsWithUsd([part], part.usd);
