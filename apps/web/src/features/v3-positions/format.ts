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

/** Algebra V1's tick bounds (TickMath) and its one tick spacing (Constants.TICK_SPACING). */
const minTick = -887_272;
const maxTick = 887_272;
const tickSpacing = 60;

/**
 * A bound no usable tick lies beyond (the pool's spacing taken into account): its price is about 0 (lower) or
 * about infinity (upper), a number of 40 digits that says nothing to a person.
 */
export const isLowestTick = (tick: number) => tick - tickSpacing < minTick;
export const isHighestTick = (tick: number) => tick + tickSpacing > maxTick;

type Range = { tick_lower: number; tick_upper: number; price_lower: string; price_upper: string; pool: Pair };

/**
 * A position's range as prices; 'full range' when both bounds are at the extreme ticks, and a bound at an
 * extreme tick as '0' or '∞'.
 * @example formatRange({ tick_lower: -285_000, tick_upper: -281_000, price_lower: '0.4', price_upper: '0.6', pool }) // '0.4 – 0.6 USDC per WMATIC'
 * @example formatRange({ tick_lower: -887_220, tick_upper: 887_220, … }) // 'full range'
 */
export function formatRange(range: Range): string {
  const atLowest = isLowestTick(range.tick_lower);
  const atHighest = isHighestTick(range.tick_upper);
  if (atLowest && atHighest) return 'full range';
  const lower = atLowest ? '0' : formatTokenAmount(range.price_lower);
  const upper = atHighest
    ? `∞ ${range.pool.token1.symbol} per ${range.pool.token0.symbol}`
    : formatPoolPrice(range.price_upper, range.pool);
  return `${lower} – ${upper}`;
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
