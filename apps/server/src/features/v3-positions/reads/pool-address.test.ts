import { describe, expect, it } from 'vitest';
import { polygon } from '../../../core/chain/polygon.ts';
import { algebraPoolAddress } from './pool-address.ts';

describe('algebraPoolAddress', () => {
  it("is the address of QuickSwap V3's WMATIC-USDC pool on Polygon, whichever token comes first", () => {
    // 0xAE81…087D: QuickSwap V3's WMATIC / USDC(PoS) pool, as integrations and explorers list it.
    const expected = '0xAE81FAc689A1b4b1e06e7ef4a2ab4CD8aC0A087D';
    expect(algebraPoolAddress(polygon.v3.poolDeployer, polygon.wmatic, polygon.usdc)).toBe(expected);
    expect(algebraPoolAddress(polygon.v3.poolDeployer, polygon.usdc, polygon.wmatic)).toBe(expected);
  });
});
