import type { V3Range } from '@tidewatch/shared';
import { SqrtPriceMath, TickMath } from '@uniswap/v3-sdk';
import JSBI from 'jsbi';

/**
 * Concentrated-liquidity math of Algebra V1.0, which is Uniswap V3's unchanged (quickswap-v3-onchain.md §4:
 * TickMath and LiquidityAmounts identical, TokenDeltaMath rounding as SqrtPriceMath), through
 * `@uniswap/v3-sdk`'s static helpers. Everything in bigint: amounts are exact, prices exact ratios.
 */

const toJsbi = (value: bigint) => JSBI.BigInt(value.toString());
const fromJsbi = (value: JSBI) => BigInt(value.toString());

/** sqrt(1.0001^tick) · 2^96 (TickMath.getSqrtRatioAtTick); MIN_TICK and MAX_TICK included. */
export function sqrtPriceX96AtTick(tick: number): bigint {
  return fromJsbi(TickMath.getSqrtRatioAtTick(tick));
}

/**
 * The token amounts `liquidity` between two ticks stands for at the pool's current price, as a burn of it
 * would pay them (rounded down, as the pool rounds amounts it pays out): below the range all token0, above
 * it all token1, inside both. The side is chosen by the pool's tick, as Algebra's `_getAmountsForLiquidity`
 * does (tick < bottom; tick < top; else), and the amounts use its sqrt price. Zero liquidity is zero, never
 * a division.
 * @example amountsForLiquidity({ liquidity: 10n ** 18n, tickLower: -60, tickUpper: 60, tick: 0, sqrtPriceX96: 2n ** 96n })
 */
export function amountsForLiquidity(input: {
  liquidity: bigint;
  tickLower: number;
  tickUpper: number;
  tick: number;
  sqrtPriceX96: bigint;
}): { amount0: bigint; amount1: bigint } {
  const { liquidity, tickLower, tickUpper, tick } = input;
  if (liquidity === 0n) return { amount0: 0n, amount1: 0n };
  const lower = TickMath.getSqrtRatioAtTick(tickLower);
  const upper = TickMath.getSqrtRatioAtTick(tickUpper);
  const current = toJsbi(input.sqrtPriceX96);
  const amount = toJsbi(liquidity);
  if (tick < tickLower) {
    return { amount0: fromJsbi(SqrtPriceMath.getAmount0Delta(lower, upper, amount, false)), amount1: 0n };
  }
  if (tick < tickUpper) {
    return {
      amount0: fromJsbi(SqrtPriceMath.getAmount0Delta(current, upper, amount, false)),
      amount1: fromJsbi(SqrtPriceMath.getAmount1Delta(lower, current, amount, false)),
    };
  }
  return { amount0: 0n, amount1: fromJsbi(SqrtPriceMath.getAmount1Delta(lower, upper, amount, false)) };
}

const Q192 = 2n ** 192n;

/**
 * token1 per whole token0 at a sqrt price, decimals applied, as an exact decimal string cut to `significant`
 * digits (plain notation: the extreme ticks give prices near 1e-38 and 1e38, which stay readable and exact
 * to that many digits). A zero price (no pool state) is '0'.
 * @example priceFromSqrtX96(2n ** 96n, 18, 6) // '0.000000000001'
 */
export function priceFromSqrtX96(
  sqrtPriceX96: bigint,
  decimals0: number,
  decimals1: number,
  significant = 12,
) {
  const numerator = sqrtPriceX96 * sqrtPriceX96 * 10n ** BigInt(decimals0);
  const denominator = Q192 * 10n ** BigInt(decimals1);
  return formatRatio(numerator, denominator, significant);
}

/**
 * token1 per whole token0 at a tick's edge, decimals applied (priceFromSqrtX96 of TickMath's sqrt price): how
 * a range's bounds are written, the same 12 digits wherever a range is sent or named.
 * @example priceAtTick(0, 18, 6) // '1000000000000'
 */
export function priceAtTick(tick: number, decimals0: number, decimals1: number): string {
  return priceFromSqrtX96(sqrtPriceX96AtTick(tick), decimals0, decimals1);
}

/**
 * A position's range as the API sends it (V3Range): its ticks and their prices. A range never changes for a
 * position, so a position read and the tracked list (from the stored ticks) give the same figures.
 * @example toV3RangeWire({ tickLower: -60, tickUpper: 60 }, 18, 18).price_upper // '1.00601773426'
 */
export function toV3RangeWire(
  range: { tickLower: number; tickUpper: number },
  decimals0: number,
  decimals1: number,
): V3Range {
  return {
    tick_lower: range.tickLower,
    tick_upper: range.tickUpper,
    price_lower: priceAtTick(range.tickLower, decimals0, decimals1),
    price_upper: priceAtTick(range.tickUpper, decimals0, decimals1),
  };
}

/** `numerator / denominator` (both ≥ 0) as a plain decimal string of at most `significant` significant digits, rounded down. */
export function formatRatio(numerator: bigint, denominator: bigint, significant: number): string {
  if (numerator === 0n || denominator === 0n) return '0';
  const whole = numerator / denominator;
  if (whole >= 10n ** BigInt(significant)) {
    // Already at least `significant` digits before the point: cut the rest to zeros.
    const digits = whole.toString();
    return digits.slice(0, significant) + '0'.repeat(digits.length - significant);
  }
  // Scale until the quotient has `significant` digits, then place the decimal point back.
  let scale = 0;
  while ((numerator * 10n ** BigInt(scale)) / denominator < 10n ** BigInt(significant - 1)) scale += 1;
  const scaled = ((numerator * 10n ** BigInt(scale)) / denominator).toString();
  if (scale === 0) return scaled;
  const padded = scaled.padStart(scale + 1, '0');
  const text = `${padded.slice(0, padded.length - scale)}.${padded.slice(padded.length - scale)}`;
  return text.replace(/\.?0+$/, '');
}
