const Q128 = 2n ** 128n;
const U256 = 2n ** 256n;
const U128 = 2n ** 128n;
const wrap = (value: bigint) => ((value % U256) + U256) % U256;

/**
 * A position's uncollected fees from the pool's fee growth, as the pool itself works them out when the position
 * is touched (Uniswap V3's, and both Algebra versions' TickManagement.getInnerFeeGrowth): the growth inside the
 * range from the total and the two ticks' outer growth (by where the current tick is), its change since the
 * position's last snapshot times the liquidity over 2^128, added to what is already owed. Arithmetic modulo 2^256
 * as the contracts' unchecked blocks, the per-token increment cut to 128 bits as their uint128 cast.
 * @example uncollectedFees({ tick, tickLower, tickUpper, liquidity, total, lowerOuter, upperOuter, insideLast, owed })
 */
export function uncollectedFees(input: {
  tick: number;
  tickLower: number;
  tickUpper: number;
  liquidity: bigint;
  total: readonly [bigint, bigint];
  lowerOuter: readonly [bigint, bigint];
  upperOuter: readonly [bigint, bigint];
  insideLast: readonly [bigint, bigint];
  owed: readonly [bigint, bigint];
}): [bigint, bigint] {
  const side = (i: 0 | 1): bigint => {
    const total = input.total[i];
    const lower = input.lowerOuter[i];
    const upper = input.upperOuter[i];
    let inside: bigint;
    if (input.tick < input.tickUpper) {
      inside = input.tick >= input.tickLower ? total - lower - upper : lower - upper;
    } else {
      inside = upper - lower;
    }
    const growth = wrap(wrap(inside) - input.insideLast[i]);
    return input.owed[i] + (((growth * input.liquidity) / Q128) % U128);
  };
  return [side(0), side(1)];
}
