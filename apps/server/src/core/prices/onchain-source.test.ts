import { dragonLair, pair } from '@tidewatch/contracts';
import { swapExactIn, type TokenKey, tokenSpecs, worldPriceOptions } from '@tidewatch/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestChain, type TestChain } from '../chain/testing.ts';
import { readFarmSnapshots } from '../snapshots/read.ts';
import { createOnchainPriceSource } from './onchain-source.ts';
import type { PriceSource } from './price-source.ts';

let t: TestChain;
let source: PriceSource;
beforeAll(async () => {
  t = await startTestChain();
  source = createOnchainPriceSource({
    chain: t.chain,
    ...worldPriceOptions(t.world, { hubs: true }),
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
      // MYST only trades against WETH: neither USDC nor WMATIC prices it, WETH (a hub) does: 0.001 WETH.
      const intended = tokenSpecs[key].usdPrice ?? 0.001 * tokenSpecs.WETH.usdPrice;
      expect(Math.abs(quote!.usd! - intended) / intended, key).toBeLessThan(0.01);
      // A hub is a second hop only: a token its own pair prices keeps that route (WMATIC has a WETH pair too).
      expect(quote?.route, key).toBe(key === 'MYST' ? 'hub' : key === 'WMATIC' ? 'pair' : quote?.route);
    }
  });

  it('leaves a token only a hub could price unknown (null, not 0) when no hub is configured', async () => {
    const noHubs = createOnchainPriceSource({ chain: t.chain, ...worldPriceOptions(t.world) });
    const myst = t.world.tokens.MYST.address;
    const prices = await noHubs.getUsdPrices([{ address: myst }]);
    expect(prices.get(myst.toLowerCase())).toMatchObject({ usd: null, route: null });
  });

  it('prices QUICK through WMATIC when it has no USDC pair', async () => {
    const quick = t.world.tokens.QUICK.address;
    const prices = await source.getUsdPrices([{ address: quick }]);
    expect(prices.get(quick.toLowerCase())?.usd).toBeCloseTo(40, 6);
  });

  it('reads reserves at the given block in one request (pair addresses are computed, not looked up)', async () => {
    const weth = t.world.tokens.WETH.address;
    const block = await t.anvil.client.getBlockNumber();
    t.proxy.reset();
    const prices = await source.getUsdPrices([{ address: weth }], { blockNumber: block });
    expect(t.proxy.requestCount).toBe(1);
    expect(prices.get(weth.toLowerCase())?.usd).toBeCloseTo(2_000, 6);
  });

  it("values dQUICK as QUICK x the lair's dQUICKForQUICK, not from its thin dQUICK pair", async () => {
    const { DQUICK, NEW_DQUICK, QUICK, NEW_QUICK } = t.world.tokens;
    const prices = await source.getUsdPrices(
      [DQUICK, NEW_DQUICK, QUICK, NEW_QUICK].map((x) => ({ address: x.address })),
    );
    const usd = (address: string) => prices.get(address.toLowerCase())!.usd!;
    const ratio = async (lair: `0x${string}`) =>
      Number(
        await t.anvil.client.readContract({
          address: lair,
          abi: dragonLair.abi,
          functionName: 'dQUICKForQUICK',
          args: [10n ** 18n],
        }),
      ) / 1e18;
    expect(usd(DQUICK.address)).toBeCloseTo(usd(QUICK.address) * (await ratio(DQUICK.address)), 9);
    expect(usd(NEW_DQUICK.address)).toBeCloseTo(
      usd(NEW_QUICK.address) * (await ratio(NEW_DQUICK.address)),
      12,
    );
    // The DQUICK-USDC pair says $50; the lair says 1.125 x $40.
    expect(usd(DQUICK.address)).toBeCloseTo(45, 6);
  });

  it("prices new QUICK through old QUICK's deeper market (1 old = 1000 new), not its own thin pair", async () => {
    const { QUICK, NEW_QUICK } = t.world.tokens;
    const prices = await source.getUsdPrices([{ address: NEW_QUICK.address }, { address: QUICK.address }]);
    const oldUsd = prices.get(QUICK.address.toLowerCase())!.usd!;
    expect(prices.get(NEW_QUICK.address.toLowerCase())?.usd).toBeCloseTo(oldUsd / 1000, 12);
  });

  it('follows a swap: QUICK (through WMATIC) and dQUICK move with the WMATIC price, by the reserves read', async () => {
    const { QUICK, DQUICK, WMATIC, USDC } = t.world.tokens;
    await swapExactIn(t.anvil, t.world, {
      pair: 'WMATIC-USDC',
      tokenIn: 'USDC',
      amountIn: 200_000n * 10n ** 6n,
    });
    const block = await t.anvil.client.getBlockNumber();
    const prices = await source.getUsdPrices([{ address: QUICK.address }, { address: DQUICK.address }], {
      blockNumber: block,
    });
    const reservesOf = async (pairAddress: `0x${string}`, token: `0x${string}`) => {
      const [r0, r1] = await t.anvil.client.readContract({
        address: pairAddress,
        abi: pair.abi,
        functionName: 'getReserves',
        blockNumber: block,
      });
      const isToken0 =
        token.toLowerCase() < (token === QUICK.address ? WMATIC.address : USDC.address).toLowerCase();
      return isToken0 ? [r0, r1] : [r1, r0];
    };
    const [wmaticR, usdcR] = await reservesOf(t.world.pairs['WMATIC-USDC'].address, WMATIC.address);
    const [quickR, wmaticInQuickR] = await reservesOf(t.world.pairs['QUICK-WMATIC'].address, QUICK.address);
    const wmaticUsd = Number(usdcR) / 1e6 / (Number(wmaticR) / 1e18);
    const quickUsd = (Number(wmaticInQuickR) / Number(quickR)) * wmaticUsd;
    expect(wmaticUsd).toBeGreaterThan(0.5); // USDC in: WMATIC got dearer
    expect(prices.get(QUICK.address.toLowerCase())?.usd).toBeCloseTo(quickUsd, 9);
    expect(prices.get(DQUICK.address.toLowerCase())?.usd).toBeCloseTo(quickUsd * 1.125, 9);
  });
});
