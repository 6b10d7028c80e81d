import { pair, pairFactory, testErc20 } from '@tidewatch/contracts';
import { type Address, getAddress, zeroAddress } from 'viem';
import type { ChainClient } from '../chain/client.ts';
import { getLatestBlock } from '../chain/multicall.ts';
import { ReadPlan } from '../chain/read-plan.ts';
import { tokenRatioOf } from '../valuation/decimal.ts';
import { type PriceQuote, type PriceRequest, type PriceSource, priceKey } from './price-source.ts';

/** Polygon mainnet defaults. */
export const polygonUsdc = '0x2791Bca1f2de4661ED88A30C99A7a9449Aa84174' as const;
export const polygonWmatic = '0x0d500B1d8E8eF31E21C99d1Db9A6444d3ADf1270' as const;
export const quickswapFactory = '0x5757371414417b8C6CAad45bAeF941aBc7d3Ab32' as const;

export type OnchainPriceSourceOptions = {
  chain: ChainClient;
  factory?: Address;
  usdc?: Address;
  wmatic?: Address;
};

type PairState = { address: Address; token0: Address; reserve0: bigint; reserve1: bigint };

/**
 * Prices tokens from QuickSwap reserves: against USDC directly, else through WMATIC then USDC, at the
 * snapshot's block. USDC itself counts as $1. A token with no such pair (or an empty one) gets null.
 * Pair addresses are cached once found (pairs never move); reserves are always read at the given block.
 * @example
 * const prices = await createOnchainPriceSource({ chain }).getUsdPrices([{ address: wbtc }], { blockNumber: read.blockNumber });
 */
export function createOnchainPriceSource(options: OnchainPriceSourceOptions): PriceSource {
  const { chain } = options;
  const factory = getAddress(options.factory ?? quickswapFactory);
  const usdc = getAddress(options.usdc ?? polygonUsdc);
  const wmatic = getAddress(options.wmatic ?? polygonWmatic);
  const pairCache = new Map<string, Address>();
  const decimalsCache = new Map<string, number>();
  const pairKey = (a: Address, b: Address) => [a.toLowerCase(), b.toLowerCase()].sort().join('-');

  return {
    name: 'onchain',
    async getUsdPrices(tokens: PriceRequest[], getOptions = {}) {
      const addresses = [...new Set(tokens.map((t) => getAddress(t.address)))];
      const wanted: [Address, Address][] = [[wmatic, usdc]];
      for (const token of addresses) {
        if (token === usdc) continue;
        wanted.push([token, usdc]);
        if (token !== wmatic) wanted.push([token, wmatic]);
      }

      // Round 1 (skipped once cached): which pairs exist; the block too, when the caller gave none.
      const lookup = new ReadPlan();
      for (const [a, b] of wanted) {
        const key = pairKey(a, b);
        if (pairCache.has(key)) continue;
        lookup.add<Address>(
          {
            label: `factory ${factory}: getPair(${a}, ${b})`,
            address: factory,
            abi: pairFactory.abi,
            functionName: 'getPair',
            args: [a, b],
          },
          (found) => {
            if (found !== zeroAddress) pairCache.set(key, found);
          },
        );
      }
      const [block] = await Promise.all([
        getOptions.blockNumber === undefined ? getLatestBlock(chain) : Promise.resolve(undefined),
        lookup.run(chain, 'latest'),
      ]);
      const blockNumber = getOptions.blockNumber ?? block!.number;

      // Round 2, pinned: reserves of every existing pair, decimals not yet known, and the block's time.
      const plan = new ReadPlan();
      const states = new Map<string, PairState>();
      for (const [a, b] of wanted) {
        const address = pairCache.get(pairKey(a, b));
        if (!address || states.has(pairKey(a, b))) continue;
        const state: PairState = { address, token0: a, reserve0: 0n, reserve1: 0n };
        states.set(pairKey(a, b), state);
        plan.add<Address>(
          { label: `pair ${address}: token0()`, address, abi: pair.abi, functionName: 'token0' },
          (v) => {
            state.token0 = v;
          },
        );
        plan.add<readonly [bigint, bigint, number]>(
          { label: `pair ${address}: getReserves()`, address, abi: pair.abi, functionName: 'getReserves' },
          (v) => {
            state.reserve0 = v[0];
            state.reserve1 = v[1];
          },
        );
      }
      const plannedDecimals = new Set<string>();
      for (const token of [usdc, wmatic, ...addresses]) {
        const key = token.toLowerCase();
        if (decimalsCache.has(key) || plannedDecimals.has(key)) continue;
        plannedDecimals.add(key);
        // Optional: a token without decimals() simply has no on-chain price.
        plan.addOptional<number>(
          {
            label: `token ${token}: decimals()`,
            address: token,
            abi: testErc20.abi,
            functionName: 'decimals',
          },
          (v) => {
            if (v !== null) decimalsCache.set(key, Number(v));
          },
        );
      }
      const [header] = await Promise.all([
        chain.request('eth_getBlockByNumber', [`0x${blockNumber.toString(16)}`, false]) as Promise<{
          timestamp: `0x${string}`;
        } | null>,
        plan.run(chain, blockNumber),
      ]);
      const at = header ? new Date(Number(BigInt(header.timestamp)) * 1000) : new Date();

      /** Price of `token` in units of `quote` from their pair's reserves, or null. */
      const priceIn = (token: Address, quote: Address): number | null => {
        const state = states.get(pairKey(token, quote));
        const dToken = decimalsCache.get(token.toLowerCase());
        const dQuote = decimalsCache.get(quote.toLowerCase());
        if (!state || dToken === undefined || dQuote === undefined) return null;
        const isToken0 = state.token0.toLowerCase() === token.toLowerCase();
        const [rToken, rQuote] = isToken0
          ? [state.reserve0, state.reserve1]
          : [state.reserve1, state.reserve0];
        if (rToken === 0n || rQuote === 0n) return null;
        return tokenRatioOf(rQuote, dQuote, rToken, dToken);
      };
      const wmaticUsd = priceIn(wmatic, usdc);
      const usdOf = (token: Address): number | null => {
        if (token === usdc) return 1;
        const direct = priceIn(token, usdc);
        if (direct !== null) return direct;
        if (token === wmatic || wmaticUsd === null) return null;
        const inWmatic = priceIn(token, wmatic);
        return inWmatic === null ? null : inWmatic * wmaticUsd;
      };
      const prices = new Map<string, PriceQuote>();
      for (const token of addresses) {
        prices.set(priceKey(token), { usd: usdOf(token), source: 'onchain', at, blockNumber });
      }
      return prices;
    },
  };
}
