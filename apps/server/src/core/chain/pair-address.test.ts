import { describe, expect, it } from 'vitest';
import { quickswapPairAddress } from './pair-address.ts';

describe('quickswapPairAddress', () => {
  it("gives QuickSwap's own WMATIC-USDC pair on Polygon, in either token order", () => {
    const factory = '0x5757371414417b8C6CAad45bAeF941aBc7d3Ab32';
    const wmatic = '0x0d500B1d8E8eF31E21C99d1Db9A6444d3ADf1270';
    const usdc = '0x2791Bca1f2de4661ED88A30C99A7a9449Aa84174';
    // The pair of the real dual farm 0x14977e7E… (quickswap-onchain.md).
    expect(quickswapPairAddress(factory, wmatic, usdc)).toBe('0x6e7a5FAFcec6BB1e78bAE2A1F0B612012BF14827');
    expect(quickswapPairAddress(factory, usdc, wmatic)).toBe('0x6e7a5FAFcec6BB1e78bAE2A1F0B612012BF14827');
  });
});
