import { type TokenKey, tokenSpecs, worldPriceOptions } from '@tidewatch/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFarmSnapshots } from '../chain/farm-snapshots.ts';
import { startTestChain, type TestChain } from '../chain/testing.ts';
import { createOnchainPriceSource } from './onchain-source.ts';
import type { PriceSource } from './price-source.ts';

let t: TestChain;
let source: PriceSource;
beforeAll(async () => {
  t = await startTestChain();
  source = createOnchainPriceSource({
    chain: t.chain,
    ...worldPriceOptions(t.world),
  });
});
afterAll(() => t?.stop());

describe('on-chain price source', () => {
  it('prices every world token as the pools intend, at the snapshot block', async () => {
    const { blockNumber, blockTimestamp } = await readFarmSnapshots(t.chain, {
      farms: [t.world.farms.wmaticUsdc],
      accounts: [],
    });
    const keys = Object.keys(tokenSpecs) as TokenKey[];
    const prices = await source.getUsdPrices(
      keys.map((k) => ({ address: t.world.tokens[k].address })),
      { blockNumber },
    );
    for (const key of keys) {
      const quote = prices.get(t.world.tokens[key].address.toLowerCase());
      expect(quote?.source).toBe('onchain');
      expect(quote?.blockNumber).toBe(blockNumber);
      expect(quote?.at.getTime()).toBe(Number(blockTimestamp) * 1000);
      const intended = tokenSpecs[key].usdPrice;
      // MYST only trades against WETH: neither USDC nor WMATIC prices it, so it is unknown, not 0.
      if (intended === null) expect(quote?.usd, key).toBeNull();
      else expect(Math.abs(quote!.usd! - intended) / intended, key).toBeLessThan(0.01);
    }
  });

  it('prices QUICK through WMATIC when it has no USDC pair', async () => {
    const quick = t.world.tokens.QUICK.address;
    const prices = await source.getUsdPrices([{ address: quick }]);
    expect(prices.get(quick.toLowerCase())?.usd).toBeCloseTo(40, 6);
  });

  it('reads reserves at the given block, and caches pair addresses (one request when warm)', async () => {
    const weth = t.world.tokens.WETH.address;
    const block = await t.anvil.client.getBlockNumber();
    await source.getUsdPrices([{ address: weth }], { blockNumber: block });
    t.proxy.reset();
    const again = await source.getUsdPrices([{ address: weth }], { blockNumber: block });
    expect(t.proxy.requestCount).toBe(1);
    expect(again.get(weth.toLowerCase())?.usd).toBeCloseTo(2_000, 6);
  });
});
