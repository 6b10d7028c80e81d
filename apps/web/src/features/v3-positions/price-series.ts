import { formatTokenAmount } from '@tidewatch/shared/amounts';
import type { V3PositionSnapshot } from '@tidewatch/shared/v3-positions';

type Decimals = { token0: { decimals: number }; token1: { decimals: number } };

/**
 * The pool's price at a tick, token1 per token0 with the tokens' decimals applied:
 * 1.0001^tick × 10^(decimals0 − decimals1). A float, for charts and labels only (never an amount): at the
 * extreme ticks it is still finite (about 3e-57 to 3e56 for 18 against 0 decimals).
 * @example priceAtTick(-276_324, { token0: { decimals: 18 }, token1: { decimals: 6 } }) // ≈ 1 (USDC per WMATIC)
 */
export function priceAtTick(tick: number, pool: Decimals): number {
  return 1.0001 ** tick * 10 ** (pool.token0.decimals - pool.token1.decimals);
}

const plainDecimal = new Intl.NumberFormat('en-US', { maximumSignificantDigits: 8, useGrouping: false });

/**
 * A float price as the decimal string the API's prices are (no exponent), to 8 significant digits, for the
 * formatters that take those strings.
 * @example formatPriceNumber(1.23e-10) // '0.000000000123'
 */
export const formatPriceNumber = (price: number): string => plainDecimal.format(price);

/** A price as the app writes one: formatTokenAmount's digits, from a float. */
export const formatChartPrice = (price: number): string => formatTokenAmount(formatPriceNumber(price));

export type PricePoint = { time: number; price: number; isInRange: boolean };

/**
 * The pool's price at each snapshot, from its tick, oldest first and one per second (a chart's time axis needs
 * strictly increasing times; the later snapshot of a second wins).
 */
export function pricePointsOf(snapshots: readonly V3PositionSnapshot[], pool: Decimals): PricePoint[] {
  const bySecond = new Map<number, PricePoint & { block: number }>();
  for (const snapshot of snapshots) {
    const time = Math.floor(Date.parse(snapshot.created_on) / 1000);
    const earlier = bySecond.get(time);
    if (earlier && earlier.block > snapshot.block_number) continue;
    bySecond.set(time, {
      time,
      price: priceAtTick(snapshot.tick, pool),
      isInRange: snapshot.in_range,
      block: snapshot.block_number,
    });
  }
  return [...bySecond.values()]
    .sort((a, b) => a.time - b.time)
    .map(({ time, price, isInRange }) => ({ time, price, isInRange }));
}

/**
 * The price axis's base, 1 / the smallest step it moves by: steps of a millionth of the largest price's order
 * of magnitude, so a pool priced at 1e-12 gets axis labels, not a row of zeros (lightweight-charts' default
 * step is 0.01). A whole power of ten, which the chart takes without the float error of a tiny step.
 * @example priceAxisBaseFor([0.4, 0.6]) // 10_000_000 (steps of 1e-7)
 */
export function priceAxisBaseFor(prices: readonly number[]): number {
  const largest = Math.max(...prices.filter((price) => Number.isFinite(price) && price > 0));
  if (!Number.isFinite(largest)) return 100;
  return 10 ** (6 - Math.floor(Math.log10(largest)));
}
