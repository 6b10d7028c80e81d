import { quickswapFarmUrl } from '@tidewatch/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classifyInput } from './classify.ts';
import { startTestChain, type TestChain } from './testing.ts';

let t: TestChain;
beforeAll(async () => {
  t = await startTestChain();
  await t.chain.assertChainId();
});
afterAll(() => t?.stop());

describe('classifyInput', () => {
  it('recognises an LP farm from its quickswap URL in one HTTP request', async () => {
    const farm = t.world.farms.wmaticUsdc;
    t.proxy.reset();
    const result = await classifyInput(t.chain, quickswapFarmUrl(farm));
    expect(t.proxy.requestCount).toBe(1);
    expect(result.farm).toEqual({
      kind: 'lp',
      address: farm.address,
      stakingToken: farm.pair,
      rewardTokens: [...farm.rewardTokenAddresses],
    });
    expect(result.message).toBeNull();
  });

  it('recognises a dual farm from a polygonscan URL', async () => {
    const farm = t.world.farms.dualWethWmatic;
    const result = await classifyInput(t.chain, `https://polygonscan.com/address/${farm.address}`);
    expect(result.farm).toMatchObject({
      kind: 'dual',
      address: farm.address,
      rewardTokens: [...farm.rewardTokenAddresses],
    });
  });

  it('goes from a pair to its farm through the registries', async () => {
    const registries = { lpFarmRegistry: t.world.lpFarmRegistry, dualFarmRegistry: t.world.dualFarmRegistry };
    const lp = await classifyInput(t.chain, t.world.farms.wethUsdc.pair, registries);
    expect(lp.farm).toMatchObject({
      kind: 'lp',
      address: t.world.farms.wethUsdc.address,
      viaPair: t.world.farms.wethUsdc.pair,
    });
    const dual = await classifyInput(t.chain, t.world.farms.dualMystWeth.pair, registries);
    expect(dual.farm).toMatchObject({ kind: 'dual', address: t.world.farms.dualMystWeth.address });
  });

  it.each([
    ['a token', () => t.world.tokens.QUICK.address, 'that address is an ERC-20 token (QUICK), not a farm'],
    [
      'a bytes32 token',
      () => t.world.tokens.MKR.address,
      'that address is an ERC-20 token (MKR), not a farm',
    ],
    ['an account', () => t.world.accounts.idle.address, 'no contract at that address'],
    [
      'Multicall3',
      () => t.world.multicall3,
      'that address is a contract, but not a farm, pool or token we recognise',
    ],
    ['a pair without registries', () => t.world.pairs['WETH-USDC'].address, 'not a farm'],
  ])('says what %s is instead of a farm', async (_, address, message) => {
    const result = await classifyInput(t.chain, `https://polygonscan.com/token/${address()}`);
    expect(result.farm).toBeNull();
    expect(result.message).toContain(message);
  });

  it('says when nothing looks like an address', async () => {
    expect(await classifyInput(t.chain, 'https://quickswap.exchange/#/farm')).toEqual({
      farm: null,
      message: 'no 0x address found in what you pasted',
      results: [],
    });
  });
});
