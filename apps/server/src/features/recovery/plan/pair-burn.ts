/**
 * What Uniswap V2's `burn` pays for `liquidity` LP tokens: first `_mintFee` (with the protocol fee on and
 * kLast set, the pair mints feeTo its share of the growth of √k since kLast, raising totalSupply), then
 * each side's balance × liquidity / totalSupply. The pair burns every LP token it holds, so LP tokens
 * already sitting in it (`ownLp`) are paid out with the caller's.
 * @example removedAmounts({ ...pair, liquidity: 10n ** 18n, isFeeOn: true })
 */
export function removedAmounts(input: {
  reserve0: bigint;
  reserve1: bigint;
  balance0: bigint;
  balance1: bigint;
  totalSupply: bigint;
  kLast: bigint;
  isFeeOn: boolean;
  liquidity: bigint;
  ownLp?: bigint;
}): { amount0: bigint; amount1: bigint } {
  let supply = input.totalSupply;
  if (input.isFeeOn && input.kLast !== 0n) {
    const rootK = sqrt(input.reserve0 * input.reserve1);
    const rootKLast = sqrt(input.kLast);
    if (rootK > rootKLast) {
      const minted = (supply * (rootK - rootKLast)) / (rootK * 5n + rootKLast);
      if (minted > 0n) supply += minted;
    }
  }
  if (supply === 0n) return { amount0: 0n, amount1: 0n };
  const burnt = input.liquidity + (input.ownLp ?? 0n);
  return { amount0: (burnt * input.balance0) / supply, amount1: (burnt * input.balance1) / supply };
}

/** Uniswap V2's Math.sqrt: the floor of the square root (Babylonian method). */
function sqrt(y: bigint): bigint {
  if (y <= 3n) return y === 0n ? 0n : 1n;
  let z = y;
  let x = y / 2n + 1n;
  while (x < z) {
    z = x;
    x = (y / x + x) / 2n;
  }
  return z;
}
