import { formatTokenAmount } from '@tidewatch/shared/amounts';
import { formatPercent } from '../../lib/format.ts';
import { isHighestTick, isLowestTick } from './format.ts';

type Pair = { token0: { symbol: string }; token1: { symbol: string } };

/** A position's range as the wire says it, the price now (same unit) and whether the pool's tick is in it. */
export type RangeInput = {
  tick_lower: number;
  tick_upper: number;
  /** token1 per token0, decimals applied (decimal strings). */
  price_lower: string;
  price_upper: string;
  price: string;
  /** The server's in_range (the pool's tick in [tick_lower, tick_upper)): it decides, not the rounded prices. */
  isInRange: boolean;
  pool: Pair;
};

type RangeSide = 'in' | 'below' | 'above';

type RangePosition = {
  side: RangeSide;
  /** Where the band starts and ends and where the price's marker sits, in % of the bar's width. */
  band: { start: number; end: number };
  marker: number;
  /** The edges as the bar labels them ('0' and '∞' for a bound at an extreme tick) and the price now. */
  lowerLabel: string;
  upperLabel: string;
  priceLabel: string;
  /** 'USDC per WMATIC'. */
  unit: string;
  /** '25.00% above the lower edge · 16.67% below the upper edge', 'out of range: 12.50% below the lower edge'. */
  distance: string;
  /** Everything the bar says in one sentence: its accessible name. */
  label: string;
};

/** The band's share of the bar: the rest, either side, is where an out-of-range price is drawn. */
const bandStart = 20;
const bandEnd = 80;

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/**
 * How far through the range the price is, 0 at the lower edge and 1 at the upper, in ticks (the log of the
 * price), as the pool counts distance. A bound at an extreme tick is open: the other bound scales alone.
 */
function shareOfRange(
  lower: number,
  upper: number,
  price: number,
  isLowerOpen: boolean,
  isUpperOpen: boolean,
) {
  if (isLowerOpen && isUpperOpen) return 0.5;
  if (isLowerOpen) return price / upper;
  if (isUpperOpen) return 1 - lower / price;
  return Math.log(price / lower) / Math.log(upper / lower);
}

/**
 * The side of the range a price out of it is on: the nearer edge in ticks, so a price whose rounded string sits
 * a hair inside the range still lands on the side the pool's tick is.
 */
function sideOutside(
  lower: number,
  upper: number,
  price: number,
  isLowerOpen: boolean,
  isUpperOpen: boolean,
) {
  if (isLowerOpen) return 'above';
  if (isUpperOpen) return 'below';
  return Math.log(price) < (Math.log(lower) + Math.log(upper)) / 2 ? 'below' : 'above';
}

function distanceText(side: RangeSide, fromLower: number, fromUpper: number, open: [boolean, boolean]) {
  const [isLowerOpen, isUpperOpen] = open;
  if (isLowerOpen && isUpperOpen) return 'full range: in range at every price';
  const percent = (fraction: number) => formatPercent(Math.max(0, fraction));
  if (side === 'below') return `out of range: ${percent(-fromLower)} below the lower edge`;
  if (side === 'above') return `out of range: ${percent(fromUpper)} above the upper edge`;
  return [
    isLowerOpen ? 'no lower edge' : `${percent(fromLower)} above the lower edge`,
    isUpperOpen ? 'no upper edge' : `${percent(-fromUpper)} below the upper edge`,
  ].join(' · ');
}

/**
 * Where a price stands against a position's range, for the range bar. Each % is the price's distance from
 * that edge relative to the edge, (price − edge) / edge: "12.4% above the lower edge" is price / lower − 1,
 * "3.1% below the upper edge" is 1 − price / upper (so 3.1% is how far the price is under the edge, not the
 * rise still needed, (upper − price) / price). The prices are parsed with Number: enough for a % to two
 * decimals and a place on a bar, never for an amount.
 * @example describeRangePosition({ tick_lower: -285_000, tick_upper: -281_000, price_lower: '0.4', price_upper: '0.6', price: '0.5', isInRange: true, pool }).distance
 * // '25.00% above the lower edge · 16.67% below the upper edge'
 */
export function describeRangePosition(input: RangeInput): RangePosition {
  const isLowerOpen = isLowestTick(input.tick_lower);
  const isUpperOpen = isHighestTick(input.tick_upper);
  const lower = Number(input.price_lower);
  const upper = Number(input.price_upper);
  const price = Number(input.price);
  const fromLower = (price - lower) / lower;
  const fromUpper = (price - upper) / upper;
  const side: RangeSide = input.isInRange ? 'in' : sideOutside(lower, upper, price, isLowerOpen, isUpperOpen);

  const band = { start: isLowerOpen ? 0 : bandStart, end: isUpperOpen ? 100 : bandEnd };
  const share = shareOfRange(lower, upper, price, isLowerOpen, isUpperOpen);
  const drawn = Number.isFinite(share) ? band.start + share * (band.end - band.start) : 50;
  // The server's in_range decides the side; the marker stays on that side of the band's edges whatever the
  // rounding of the prices, and an out-of-range price far off sits at the bar's end.
  const marker =
    side === 'in'
      ? clamp(drawn, band.start, band.end)
      : side === 'below'
        ? clamp(drawn, 0, band.start)
        : clamp(drawn, band.end, 100);

  const lowerLabel = isLowerOpen ? '0' : formatTokenAmount(input.price_lower);
  const upperLabel = isUpperOpen ? '∞' : formatTokenAmount(input.price_upper);
  const priceLabel = formatTokenAmount(input.price);
  const unit = `${input.pool.token1.symbol} per ${input.pool.token0.symbol}`;
  const distance = distanceText(side, fromLower, fromUpper, [isLowerOpen, isUpperOpen]);
  return {
    side,
    band,
    marker,
    lowerLabel,
    upperLabel,
    priceLabel,
    unit,
    distance,
    label: `range ${lowerLabel} – ${upperLabel} ${unit}, now ${priceLabel}: ${distance}`,
  };
}
