import type { VaultShare } from '@tidewatch/shared';
import { describe, expect, it } from 'vitest';
import { estimateVaultFeeIncome } from './returns.ts';

const token = (symbol: string) => ({ address: `0x${symbol.padEnd(40, '0')}`, symbol, decimals: 18 });

/** A vault share's snapshot: `x`, `y` whole tokens for `shares` shares at `price` (token1 per token0). */
function share(x: number, y: number, price: number, shares = 10): VaultShare {
  const [p0, p1] = [price, 1]; // token1 is the dollar: token0 is worth `price` dollars
  return {
    vault: '0x0000000000000000000000000000000000000001',
    manager: 'gamma',
    shares: { held: String(shares), staked: '0', total_supply: '100' },
    amounts: [
      { token: token('a'), amount: String(x), usd: x * p0 },
      { token: token('b'), amount: String(y), usd: y * p1 },
    ],
    price: String(price),
    base_range: { lower: '1', upper: '4', is_in_range: true },
    limit_range: null,
    staking: null,
    rewards: [],
    rewards_complete: true,
    usd: x * p0 + y * p1,
  };
}

/** What liquidity L holds in [1, 4] at price p (Uniswap V3's amounts). */
const amountsAt = (liquidity: number, p: number): [number, number] => [
  liquidity * (1 / Math.sqrt(p) - 1 / 2),
  liquidity * (Math.sqrt(p) - 1),
];

describe("a vault's fee income: the growth of its amounts per share beyond the price move", () => {
  it('is none when the amounts only followed the price through the range', () => {
    const [x1, y1] = amountsAt(1000, 2);
    const [x2, y2] = amountsAt(1000, 3);
    expect(estimateVaultFeeIncome([share(x1, y1, 2), share(x2, y2, 3)])).toBeCloseTo(0, 6);
  });

  it('is the growth of the amounts at one price, in USD at that price', () => {
    const [x, y] = amountsAt(1000, 2);
    const grown = share(x * 1.01, y * 1.01, 2);
    const value = x * 2 + y;
    expect(estimateVaultFeeIncome([share(x, y, 2), grown])).toBeCloseTo(value * 0.01, 6);
  });

  it('adds what the liquidity grew on top of a price move, for the shares then held', () => {
    const [x1, y1] = amountsAt(1000, 2);
    const [x2, y2] = amountsAt(1020, 3);
    const expected = (x2 - amountsAt(1000, 3)[0]) * 3 + (y2 - amountsAt(1000, 3)[1]);
    expect(estimateVaultFeeIncome([share(x1, y1, 2), share(x2, y2, 3)])).toBeCloseTo(expected, 6);
  });

  it('is unknown when a snapshot has no price', () => {
    const [x, y] = amountsAt(1000, 2);
    const unpriced = share(x, y, 2);
    unpriced.amounts[0].usd = null;
    expect(estimateVaultFeeIncome([share(x, y, 2), unpriced])).toBeNull();
  });
});
