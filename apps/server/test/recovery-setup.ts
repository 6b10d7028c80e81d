import {
  dragonLair,
  pair as pairArtifact,
  pairFactory,
  stakingDualRewards,
  stakingRewards,
  testErc20,
} from '@tidewatch/contracts';
import { type RecoveryPlan, recoveryPlanSchema } from '@tidewatch/shared';
import type { FarmKey, PairKey, TokenKey, WorldFarm } from '@tidewatch/testkit';
import { type Address, erc20Abi, getAddress, zeroAddress } from 'viem';
import { refreshFarmIndex } from '../src/core/farm-index/index-refresh.ts';
import type { FarmsWorld } from './farms-setup.ts';

/**
 * The recovery tests' shared pieces: the farm index of the world, the plan through HTTP, and the test's
 * own arithmetic from chain reads at the plan's block (a pair's burn with the protocol fee, the lair's
 * ratio, each token's USD price by the price rule's routes), written apart from the server's code.
 */

/** Lists every farm of the world's factories in the farm index, as the daily job does. */
export async function refreshWorldIndex(w: FarmsWorld): Promise<void> {
  await refreshFarmIndex({
    db: w.testApp.database.db,
    pipeline: w.writer,
    chain: w.t.chain,
    chainId: w.t.world.chainId,
    factories: { lp: [w.t.world.lpFarmFactory], dual: [w.t.world.dualFarmFactory] },
    registry: [],
    pairFactory: w.t.world.factory,
  });
}

/**
 * GET /api/recovery/plan for `wallet` (`query`: more parameters, '&…'), parsed by the contract's schema
 * (throws on another status).
 */
export async function fetchPlan(
  w: FarmsWorld,
  token: string,
  wallet: Address,
  query = '',
): Promise<RecoveryPlan> {
  const response = await w.testApp.request({
    method: 'GET',
    url: `/api/recovery/plan?wallet_address=${wallet}${query}`,
    token,
  });
  if (response.statusCode !== 200) throw new Error(`plan: ${response.statusCode} ${response.body}`);
  return recoveryPlanSchema.parse(response.json());
}

/** The chain as the test reads it at one block. */
export function readsAt(w: FarmsWorld, blockNumber: bigint) {
  const c = w.t.anvil.client;
  const at = { blockNumber };
  const { tokens, pairs } = w.t.world;
  const balanceOf = (token: Address, who: Address) =>
    c.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [who], ...at });
  const farmRead = (farm: WorldFarm, functionName: string, args: readonly unknown[] = []) =>
    c.readContract({
      address: farm.address,
      abi: farm.kind === 'lp' ? stakingRewards.abi : stakingDualRewards.abi,
      functionName,
      args,
      ...at,
    } as never) as Promise<bigint>;

  async function pairState(address: Address) {
    const read = (functionName: string, args: readonly unknown[] = []) =>
      c.readContract({
        address,
        abi: pairArtifact.abi,
        functionName,
        args,
        ...at,
      } as never) as Promise<never>;
    const [token0, token1]: Address[] = [await read('token0'), await read('token1')];
    const [r0, r1] = (await read('getReserves')) as readonly [bigint, bigint, number];
    const feeTo = await c.readContract({
      address: w.t.world.factory,
      abi: pairFactory.abi,
      functionName: 'feeTo',
      ...at,
    });
    return {
      token0: token0!,
      token1: token1!,
      r0,
      r1,
      balance0: await balanceOf(token0!, address),
      balance1: await balanceOf(token1!, address),
      totalSupply: (await read('totalSupply')) as bigint,
      kLast: (await read('kLast')) as bigint,
      isFeeOn: feeTo !== zeroAddress,
    };
  }

  const dquickForQuick = (amount: bigint) =>
    c.readContract({
      address: tokens.DQUICK.address,
      abi: dragonLair.abi,
      functionName: 'dQUICKForQUICK',
      args: [amount],
      ...at,
    });
  const decimalsOf = async (t: Address) =>
    Number(await c.readContract({ address: t, abi: testErc20.abi, functionName: 'decimals', ...at }));
  /** USD per whole token of `token` from its pair with a token priced at `quotePrice`. */
  const viaPair = async (token: Address, pairKey: PairKey, quotePrice: number) => {
    const p = await pairState(pairs[pairKey].address);
    const [rToken, dToken, rQuote, dQuote] =
      getAddress(p.token0) === getAddress(token)
        ? [p.r0, await decimalsOf(p.token0), p.r1, await decimalsOf(p.token1)]
        : [p.r1, await decimalsOf(p.token1), p.r0, await decimalsOf(p.token0)];
    return (Number(rQuote) / 10 ** dQuote / (Number(rToken) / 10 ** dToken)) * quotePrice;
  };
  /**
   * USD per whole token by the price rule's routes in this world: USDC $1; WMATIC, WETH, WBTC, MKR
   * through their USDC pair; old QUICK through its WMATIC pair; new QUICK as old / 1000 (its own pair is
   * thinner); a lair's dQUICK as its QUICK × dQUICKForQUICK(1e18); MYST from its WETH pair's ratio.
   */
  async function priceOf(token: Address): Promise<number> {
    const key = (Object.keys(tokens) as TokenKey[]).find((k) => tokens[k].address === getAddress(token))!;
    switch (key) {
      case 'USDC':
        return 1;
      case 'QUICK':
        return viaPair(token, 'QUICK-WMATIC', await priceOf(tokens.WMATIC.address));
      case 'NEW_QUICK':
        return (await priceOf(tokens.QUICK.address)) / 1000;
      case 'DQUICK':
        return (await priceOf(tokens.QUICK.address)) * (Number(await dquickForQuick(10n ** 18n)) / 1e18);
      case 'MYST':
        return viaPair(token, 'MYST-WETH', await priceOf(tokens.WETH.address));
      default:
        return viaPair(token, `${key}-USDC` as PairKey, 1);
    }
  }

  /** USD per whole LP token of a pair: its TVL at the price rule's prices / its total supply. */
  async function lpPrice(pair: Address): Promise<number> {
    const p = await pairState(pair);
    const tvl =
      (Number(p.r0) / 10 ** (await decimalsOf(p.token0))) * (await priceOf(p.token0)) +
      (Number(p.r1) / 10 ** (await decimalsOf(p.token1))) * (await priceOf(p.token1));
    return tvl / (Number(p.totalSupply) / 1e18);
  }

  return {
    balanceOf,
    farmRead,
    pairState,
    priceOf,
    lpPrice,
    dquickForQuick,
    /** The wallet's stake and unclaimed rewards (A, then B) in a world farm. */
    async position(farm: WorldFarm, wallet: Address) {
      const staked = await farmRead(farm, 'balanceOf', [wallet]);
      const earned =
        farm.kind === 'lp'
          ? [await farmRead(farm, 'earned', [wallet])]
          : [await farmRead(farm, 'earnedA', [wallet]), await farmRead(farm, 'earnedB', [wallet])];
      return { staked, earned };
    },
    /**
     * What burning `liquidity` of a pair pays, by Uniswap V2's burn: the protocol fee first (with feeTo set
     * and kLast non-zero, totalSupply grows by S·(√k − √kLast) / (5·√k + √kLast)), then each balance ×
     * liquidity / totalSupply.
     */
    async burn(pairAddress: Address, liquidity: bigint) {
      const p = await pairState(pairAddress);
      let supply = p.totalSupply;
      if (p.isFeeOn && p.kLast > 0n) {
        const rootK = integerSqrt(p.r0 * p.r1);
        const rootKLast = integerSqrt(p.kLast);
        if (rootK > rootKLast) supply += (supply * (rootK - rootKLast)) / (rootK * 5n + rootKLast);
      }
      return {
        [getAddress(p.token0)]: (liquidity * p.balance0) / supply,
        [getAddress(p.token1)]: (liquidity * p.balance1) / supply,
      } as Record<Address, bigint>;
    },
  };
}

/** Uniswap V2's Math.sqrt: the floor of the square root. */
function integerSqrt(y: bigint): bigint {
  if (y < 2n) return y;
  let x = y;
  let next = (x + y / x) / 2n;
  while (next < x) {
    x = next;
    next = (x + y / x) / 2n;
  }
  return x;
}

/** The farm keys of the world whose periods are over once 15 days have passed after deploy. */
export const endedAfter15Days: FarmKey[] = [
  'quickWmaticEnded',
  'dualWethWmatic',
  'dualMystWeth',
  'dualDquickUsdcPaused',
];
