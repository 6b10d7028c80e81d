/**
 * The few pieces of Algebra V1 / Uniswap V3 math the kit needs to set prices: Algebra V1's TickMath is
 * Uniswap V3's (quickswap-v3-onchain.md §4), restated here in bigint so the kit has no SDK dependency.
 */

/** Algebra V1 pools space ticks by 60 (Constants.TICK_SPACING; `tickSpacing()` is pure). */
export const TICK_SPACING = 60;
const MIN_TICK = -887_272;
const MAX_TICK = 887_272;
/** The widest range a position may have: the extreme ticks that are multiples of the spacing. */
export const FULL_RANGE = {
  tickLower: Math.ceil(MIN_TICK / TICK_SPACING) * TICK_SPACING,
  tickUpper: Math.floor(MAX_TICK / TICK_SPACING) * TICK_SPACING,
} as const;
export const MIN_SQRT_RATIO = 4_295_128_739n;
export const MAX_SQRT_RATIO = 1_461_446_703_485_210_103_287_273_052_203_988_822_378_723_970_342n;

const Q32 = 1n << 32n;
const MAX_UINT256 = (1n << 256n) - 1n;

/** TickMath.getSqrtRatioAtTick's magic numbers: sqrt(1.0001^-(2^i)) in Q128, for bit i of |tick|. */
const bitFactors: readonly [number, bigint][] = [
  [0x2, 0xfff97272373d413259a46990580e213an],
  [0x4, 0xfff2e50f5f656932ef12357cf3c7fdccn],
  [0x8, 0xffe5caca7e10e4e61c3624eaa0941cd0n],
  [0x10, 0xffcb9843d60f6159c9db58835c926644n],
  [0x20, 0xff973b41fa98c081472e6896dfb254c0n],
  [0x40, 0xff2ea16466c96a3843ec78b326b52861n],
  [0x80, 0xfe5dee046a99a2a811c461f1969c3053n],
  [0x100, 0xfcbe86c7900a88aedcffc83b479aa3a4n],
  [0x200, 0xf987a7253ac413176f2b074cf7815e54n],
  [0x400, 0xf3392b0822b70005940c7a398e4b70f3n],
  [0x800, 0xe7159475a2c29b7443b29c7fa6e889d9n],
  [0x1000, 0xd097f3bdfd2022b8845ad8f792aa5825n],
  [0x2000, 0xa9f746462d870fdf8a65dc1f90e061e5n],
  [0x4000, 0x70d869a156d2a1b890bb3df62baf32f7n],
  [0x8000, 0x31be135f97d08fd981231505542fcfa6n],
  [0x10000, 0x9aa508b5b7a84e1c677de54f3e99bc9n],
  [0x20000, 0x5d6af8dedb81196699c329225ee604n],
  [0x40000, 0x2216e584f5fa1ea926041bedfe98n],
  [0x80000, 0x48a170391f7dc42444e8fa2n],
];

/** sqrt(1.0001^tick) as a Q64.96, rounded up as the contracts round it (TickMath.getSqrtRatioAtTick). */
export function sqrtRatioAtTick(tick: number): bigint {
  if (!Number.isInteger(tick) || tick < MIN_TICK || tick > MAX_TICK)
    throw new Error(`tick ${tick} out of range`);
  const absTick = Math.abs(tick);
  let ratio = absTick & 0x1 ? 0xfffcb933bd6fad37aa2d162d1a594001n : 1n << 128n;
  for (const [bit, factor] of bitFactors) {
    if (absTick & bit) ratio = (ratio * factor) >> 128n;
  }
  if (tick > 0) ratio = MAX_UINT256 / ratio;
  return (ratio >> 32n) + (ratio % Q32 === 0n ? 0n : 1n);
}

/** Integer square root (floor). */
function isqrt(value: bigint): bigint {
  if (value < 2n) return value;
  let x = value;
  let y = (x + 1n) / 2n;
  while (y < x) {
    x = y;
    y = (x + value / x) / 2n;
  }
  return x;
}

/**
 * The sqrt price (Q64.96) at which a pool holds token1 per token0 in the ratio amount1 : amount0 (base units),
 * e.g. a Uniswap V2 pair's reserves: floor(sqrt(amount1 * 2^192 / amount0)).
 */
export function sqrtPriceX96FromAmounts(amount0: bigint, amount1: bigint): bigint {
  if (amount0 <= 0n || amount1 <= 0n) throw new Error('both amounts must be positive');
  return isqrt((amount1 << 192n) / amount0);
}

/** The largest multiple of the tick spacing at or below `tick`: a valid position bound. */
export function floorToSpacing(tick: number, spacing = TICK_SPACING): number {
  return Math.floor(tick / spacing) * spacing;
}
