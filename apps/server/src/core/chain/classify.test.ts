import type { FarmKind } from '@tidewatch/shared';
import type { World } from '@tidewatch/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ClassifyOptions, classifyInput } from './classify.ts';
import { refusals } from './quickswap-urls.ts';
import { startTestChain, type TestChain } from './testing.ts';

let t: TestChain;
let options: ClassifyOptions;
beforeAll(async () => {
  t = await startTestChain();
  await t.chain.assertChainId();
  options = {
    pairFactory: t.world.factory,
    lpFarmFactories: [t.world.lpFarmFactory],
    dualFarmFactories: [t.world.dualFarmFactory],
  };
});
afterAll(() => t?.stop());

const qs = 'https://quickswap.exchange/#';
const tokensOf = (w: World, key: 'wmaticUsdc' | 'dualWethWmatic') => w.farms[key].tokenAddresses;

/** Every shape of the URL table in quickswap-onchain.md that names a farm, and the farm it must find. */
const accepted: [string, (w: World) => string, (w: World) => { kind: FarmKind; address: string }][] = [
  [
    'an LP farm page #/quick/{A}/{B}/{farm}',
    (w) =>
      `${qs}/quick/${tokensOf(w, 'wmaticUsdc')[0]}/${tokensOf(w, 'wmaticUsdc')[1]}/${w.farms.wmaticUsdc.address}`,
    (w) => ({ kind: 'lp', address: w.farms.wmaticUsdc.address }),
  ],
  [
    'an LP farm page with ETH for WMATIC',
    (w) => `${qs}/quick/ETH/${w.tokens.USDC.address}/${w.farms.wmaticUsdc.address}`,
    (w) => ({ kind: 'lp', address: w.farms.wmaticUsdc.address }),
  ],
  [
    'a dual farm page #/dual/{A}/ETH/{farm}',
    (w) => `${qs}/dual/${w.tokens.WETH.address}/ETH/${w.farms.dualWethWmatic.address}`,
    (w) => ({ kind: 'dual', address: w.farms.dualWethWmatic.address }),
  ],
  [
    'an archived farm page #/archive/{A}/{B}/{farm}',
    (w) => `${qs}/archive/${w.tokens.QUICK.address}/ETH/${w.farms.quickWmaticEnded.address}`,
    (w) => ({ kind: 'lp', address: w.farms.quickWmaticEnded.address }),
  ],
  [
    'a polygonscan address page',
    (w) => `https://polygonscan.com/address/${w.farms.dualMystWeth.address}#readContract`,
    (w) => ({ kind: 'dual', address: w.farms.dualMystWeth.address }),
  ],
  [
    'a bare farm address in lower case',
    (w) => w.farms.wbtcUsdc.address.toLowerCase(),
    (w) => ({ kind: 'lp', address: w.farms.wbtcUsdc.address }),
  ],
  [
    "a pair's analytics page, through the LP factory",
    (w) => `${qs}/analytics/v2/pair/${w.farms.wethUsdc.pair}`,
    (w) => ({ kind: 'lp', address: w.farms.wethUsdc.address }),
  ],
  [
    "a pair's info.quickswap.exchange page, through the dual factory",
    (w) => `https://info.quickswap.exchange/#/pair/${w.farms.dualMystWeth.pair}`,
    (w) => ({ kind: 'dual', address: w.farms.dualMystWeth.address }),
  ],
  [
    "a pair's polygonscan token page with a holder",
    (w) => `https://polygonscan.com/token/${w.farms.wbtcUsdc.pair}?a=${w.accounts.user.address}`,
    (w) => ({ kind: 'lp', address: w.farms.wbtcUsdc.address }),
  ],
  [
    "a pair's info.quickswap.exchange page without the hash",
    (w) => `https://info.quickswap.exchange/pair/${w.farms.wbtcUsdc.pair}`,
    (w) => ({ kind: 'lp', address: w.farms.wbtcUsdc.address }),
  ],
  [
    'an address with an upper-case 0X',
    (w) => `0X${w.farms.wbtcUsdc.address.slice(2)}`,
    (w) => ({ kind: 'lp', address: w.farms.wbtcUsdc.address }),
  ],
  [
    'a bare pair address',
    (w) => w.farms.mkrUsdc.pair,
    (w) => ({ kind: 'lp', address: w.farms.mkrUsdc.address }),
  ],
];

describe('classifyInput: shapes that name a farm', () => {
  it.each(accepted)('finds the farm in %s', async (_, paste, expected) => {
    const result = await classifyInput(t.chain, paste(t.world), options);
    expect(result.message).toBeNull();
    expect(result.farm).toMatchObject(expected(t.world));
  });

  it('reads a pasted farm in two requests, with its staking and reward tokens verified', async () => {
    const farm = t.world.farms.dualWethWmatic;
    t.proxy.reset();
    const result = await classifyInput(t.chain, farm.url, options);
    expect(t.proxy.requestCount).toBe(2);
    expect(result.farm).toEqual({
      kind: 'dual',
      address: farm.address,
      stakingToken: farm.pair,
      rewardTokens: [...farm.rewardTokenAddresses],
    });
  });

  it('prefers the kind of farm the wizard asks for when a pair has both', async () => {
    // WETH-WMATIC is staked by an LP farm (never funded) and a dual farm.
    const pair = t.world.pairs['WETH-WMATIC'].address;
    const asLp = await classifyInput(t.chain, pair, { ...options, preferKind: 'lp' });
    const asDual = await classifyInput(t.chain, pair, { ...options, preferKind: 'dual' });
    expect(asLp.farm).toMatchObject({
      kind: 'lp',
      address: t.world.farms.wethWmaticUnfunded.address,
      viaPair: pair,
    });
    expect(asDual.farm).toMatchObject({ kind: 'dual', address: t.world.farms.dualWethWmatic.address });
  });
});

describe('classifyInput: shapes refused, with what was recognised', () => {
  it.each([
    [
      'a syrup pool page',
      `${qs}/syrup/0x958d208Cdf087843e9AD98d23823d32E17d723A1/0x1111111111111111111111111111111111111111`,
      refusals.syrup,
    ],
    ['the farm list', `${qs}/farm`, refusals.farmList],
    ['the v2 LP farm list', `${qs}/farm/v2?tab=lpFarm`, refusals.farmList],
    ['the v2 dual farm list', `${qs}/farm/v2?tab=DualFarm`, refusals.farmList],
    [
      'an add-liquidity page',
      `${qs}/add/ETH/0x2791Bca1f2de4661ED88A30C99A7a9449Aa84174/v2`,
      refusals.addLiquidity,
    ],
    [
      'a pools page',
      `${qs}/pools/v2?currency0=ETH&currency1=0x2791Bca1f2de4661ED88A30C99A7a9449Aa84174`,
      refusals.addLiquidity,
    ],
    ['text without an address', 'my farm', refusals.noAddress],
  ])('refuses %s before any read', async (_, paste, message) => {
    t.proxy.reset();
    const result = await classifyInput(t.chain, paste, options);
    expect(result).toMatchObject({ farm: null, message });
    expect(t.proxy.requestCount).toBe(0);
  });

  it('refuses a syrup pool pasted by address: it stakes dQUICK, a single token', async () => {
    const result = await classifyInput(t.chain, t.world.notLpFarms.syrupPool, options);
    expect(result.farm).toBeNull();
    expect(result.message).toBe(
      `${t.world.notLpFarms.syrupPool} stakes dQUICK, a single token, not a QuickSwap pair: syrup pools and single-token staking are not LP farms. Paste a liquidity-mining or dual-mining farm.`,
    );
  });

  it("refuses a farm over another exchange's pair, naming that exchange's factory", async () => {
    const result = await classifyInput(t.chain, t.world.notLpFarms.otherExchangeFarm, options);
    expect(result.farm).toBeNull();
    expect(result.message).toMatch(
      /stakes UNI-V2 of another exchange \(pair factory 0x[0-9a-fA-F]{4}…[0-9a-fA-F]{4}\), not a QuickSwap pair/,
    );
  });

  it("refuses another exchange's pair pasted by address", async () => {
    const result = await classifyInput(t.chain, t.world.notLpFarms.otherExchangePair, options);
    expect(result.message).toMatch(
      /^that address is a liquidity pool of another factory \(0x[0-9a-fA-F]{4}…[0-9a-fA-F]{4}\), not a QuickSwap V2 pair/,
    );
  });

  it.each([
    ['a token', (w: World) => w.tokens.QUICK.address, 'that address is an ERC-20 token (QUICK), not a farm'],
    [
      'a bytes32 token',
      (w: World) => w.tokens.MKR.address,
      'that address is an ERC-20 token (MKR), not a farm',
    ],
    ['an account', (w: World) => w.accounts.idle.address, 'no contract at that address'],
    [
      'Multicall3',
      (w: World) => w.multicall3,
      'that address is a contract, but not a farm, pool or token we recognise',
    ],
    [
      'a pair no configured factory has a farm for (its dual factory left out)',
      (w: World) => w.pairs['MYST-WETH'].address,
      'that address is a QuickSwap pair, but none of the configured farm factories has a farm for it',
    ],
  ])('says what %s is instead of a farm', async (_, address, message) => {
    const result = await classifyInput(t.chain, `https://polygonscan.com/address/${address(t.world)}`, {
      ...options,
      dualFarmFactories: [],
    });
    expect(result.farm).toBeNull();
    expect(result.message).toContain(message);
  });

  it('names the farm view a contract answers and the one it lacks', async () => {
    // QuickSwap's LP farm factory answers rewardsToken() like a farm, but has no stakingToken().
    const factory = t.world.lpFarmFactory;
    const result = await classifyInput(t.chain, factory, options);
    expect(result.message).toBe(
      `${factory} answers rewardsToken() but not stakingToken(): not a QuickSwap farm`,
    );
  });
});
