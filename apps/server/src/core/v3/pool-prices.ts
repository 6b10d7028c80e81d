import type { Address } from 'viem';
import type { TokenPrice } from '../snapshots/prices.ts';
import { ratioOf } from '../snapshots/valuation/decimal.ts';

const q192 = 2n ** 192n;

/** A V3 pool as the 'pool' step needs it: its two tokens and its price. */
export type PoolPriceInput = {
  token0: { address: Address | string; decimals: number };
  token1: { address: Address | string; decimals: number };
  sqrtPriceX96: bigint;
};

/** token1 per whole token0 at a pool's sqrt price (decimals applied); null at a zero price. */
function token1PerToken0(pool: PoolPriceInput): number | null {
  return ratioOf(
    pool.sqrtPriceX96 * pool.sqrtPriceX96 * 10n ** BigInt(pool.token0.decimals),
    q192 * 10n ** BigInt(pool.token1.decimals),
  );
}

/**
 * The price rule's last step, 'pool' (decision 021), for V3 as the V2 snapshots take it: a side of a pool that
 * no route prices takes its price from the pool's own price against the side that is priced, and that price
 * then serves the token wherever else it appears (a reward). Returns a new map; `prices` is not changed.
 * @example const all = withPoolPrices(prices, [{ token0, token1, sqrtPriceX96 }]);
 */
export function withPoolPrices(
  prices: ReadonlyMap<string, TokenPrice>,
  pools: readonly PoolPriceInput[],
): Map<string, TokenPrice> {
  const result = new Map(prices);
  const usdOf = (address: string) => result.get(address.toLowerCase())?.usd ?? null;
  for (const pool of pools) {
    const ratio = token1PerToken0(pool);
    if (ratio === null || ratio <= 0) continue;
    const price0 = usdOf(pool.token0.address);
    const price1 = usdOf(pool.token1.address);
    const derive = (address: string, usd: number) => {
      const key = address.toLowerCase();
      result.set(key, { usd, source: 'pool', onchainUsd: result.get(key)?.onchainUsd ?? null });
    };
    // A token whose chosen price API failed stays unknown: the pool's price is not the one chosen.
    const isOpen = (address: string) => result.get(address.toLowerCase())?.source !== 'coinmarketcap';
    if (price0 === null && price1 !== null && isOpen(pool.token0.address))
      derive(pool.token0.address, ratio * price1);
    else if (price1 === null && price0 !== null && isOpen(pool.token1.address))
      derive(pool.token1.address, price0 / ratio);
  }
  return result;
}
