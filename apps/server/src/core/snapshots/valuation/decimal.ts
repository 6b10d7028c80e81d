import { formatUnits } from 'viem';

/** Fixed-point scale for bigint ratios: 30 digits keeps more precision than a double can hold. */
const ratioScale = 30;
const ratioFactor = 10n ** BigInt(ratioScale);

/**
 * A token amount as a number of whole tokens, using the token's own decimals.
 * `formatUnits` builds the exact decimal string, so the only rounding is the final parse to a double.
 * @example toTokenNumber(1_500_000n, 6) // 1.5
 */
export function toTokenNumber(amount: bigint, decimals: number): number {
  return Number(formatUnits(amount, decimals));
}

/**
 * `numerator / denominator` divided in bigint fixed point first, so that two huge amounts
 * (1e27 wei and up) do not each lose digits as doubles before the division. Null when dividing by zero.
 */
export function ratioOf(numerator: bigint, denominator: bigint): number | null {
  if (denominator === 0n) return null;
  const negative = numerator < 0n !== denominator < 0n;
  const abs = (x: bigint) => (x < 0n ? -x : x);
  const scaled = (abs(numerator) * ratioFactor) / abs(denominator);
  const value = Number(formatUnits(scaled, ratioScale));
  return negative ? -value : value;
}

/**
 * `(a / 10^decimalsA) / (b / 10^decimalsB)`: the ratio of two amounts of tokens with different decimals,
 * e.g. how many USDC (6) one WETH (18) is worth from the reserves. Null when `b` is zero.
 */
export function tokenRatioOf(a: bigint, decimalsA: number, b: bigint, decimalsB: number): number | null {
  // Bring both to the same scale in bigint before dividing.
  return ratioOf(a * 10n ** BigInt(decimalsB), b * 10n ** BigInt(decimalsA));
}
