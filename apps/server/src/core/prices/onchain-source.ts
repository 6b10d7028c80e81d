import { dragonLair, pair, testErc20 } from '@tidewatch/contracts';
import { type Address, getAddress } from 'viem';
import type { ChainClient } from '../chain/client.ts';
import { quickswapPairAddress, sortTokens } from '../chain/pair-address.ts';
import { polygon } from '../chain/polygon.ts';
import { ReadPlan } from '../chain/read-plan.ts';
import { tokenRatioOf } from '../snapshots/valuation/decimal.ts';
import {
  type OnchainPrice,
  type OnchainRoute,
  type PriceQuote,
  type PriceRequest,
  type PriceSource,
  priceKey,
} from './price-source.ts';

/** New QUICK is old QUICK redenominated: 1 old = 1000 new (QuickSwap's converter, QUICK_CONVERSION_RATE). */
const QUICK_REDENOMINATION = 1000;

export type OnchainPriceSourceOptions = {
  chain: ChainClient;
  factory?: Address;
  usdc?: Address;
  wmatic?: Address;
  /**
   * Old and new QUICK, priced through each other (1 old = 1000 new) when one has no route; null on a chain with
   * one QUICK only (Base).
   */
  quick?: { old: Address; new: Address } | null;
  /** Dragon's Lairs (dQUICK) and the QUICK each holds: dQUICK = QUICK x dQUICKForQUICK(1e18) / 1e18. */
  lairs?: { lair: Address; quick: Address }[];
  /**
   * Tokens priced by their own USDC/WMATIC pair that price, in a second hop, a token with neither pair
   * (route 'hub': its pair with the hub times the hub's price), e.g. a token traded only against WETH.
   */
  hubs?: Address[];
};

/** On-chain prices whose reads can ride in another plan's aggregate3 (one request for a whole refresh). */
export type OnchainPriceSource = PriceSource & {
  /**
   * Adds every read needed to price `tokens` to `plan`; after the plan ran, the returned function gives
   * USD per whole token and the route that priced it, by lower-case address (null when no route does).
   */
  planPrices(plan: ReadPlan, tokens: Address[]): () => Map<string, OnchainPrice>;
};

type PairReserves = { reserve0: bigint; reserve1: bigint } | null;
/** A price and the depth of the market behind it (USD on the quote side of the pair used). */
type Route = { usd: number; depthUsd: number };

/**
 * Prices tokens from QuickSwap reserves at one block: through the deeper of its USDC pair and its WMATIC
 * pair (times WMATIC's USDC price); dQUICK through its lair's ratio times QUICK's price (as QuickSwap's interface does, whatever a
 * dQUICK pair says); old and new QUICK through the 1:1000 redenomination when the other has the deeper market. USDC
 * counts as $1. A token none of these prices is priced through a hub (WETH, WBTC: tokens a direct route prices)
 * by its deepest pair with one, route 'hub'. A token with no route stays unknown (null), never $0. Pair addresses are computed
 * (CREATE2), so a warm price read is part of one aggregate3 and costs no request of its own.
 * @example
 * const prices = await createOnchainPriceSource({ chain }).getUsdPrices([{ address: wbtc }], { blockNumber: 123n });
 */
export function createOnchainPriceSource(options: OnchainPriceSourceOptions): OnchainPriceSource {
  const { chain } = options;
  const factory = getAddress(options.factory ?? polygon.quickswapFactory);
  const usdc = getAddress(options.usdc ?? polygon.usdc);
  const wmatic = getAddress(options.wmatic ?? polygon.wmatic);
  const quick = options.quick === null ? null : (options.quick ?? polygon.quick);
  const lairs =
    options.lairs ??
    (quick
      ? [
          { lair: polygon.dquick.old, quick: quick.old },
          { lair: polygon.dquick.new, quick: quick.new },
        ]
      : []);
  const hubs = (options.hubs ?? [polygon.weth, polygon.wbtc]).map((h) => getAddress(h));
  const quickOfLair = new Map(lairs.map((l) => [priceKey(l.lair), getAddress(l.quick)]));
  const redenominated = new Map<string, { other: Address; factor: number }>(
    quick
      ? [
          [priceKey(quick.old), { other: getAddress(quick.new), factor: QUICK_REDENOMINATION }],
          [priceKey(quick.new), { other: getAddress(quick.old), factor: 1 / QUICK_REDENOMINATION }],
        ]
      : [],
  );
  const decimalsCache = new Map<string, number>();

  /** Every token whose price the answer needs: the asked ones, the lairs' QUICK, the redenominated twin. */
  function closure(tokens: Address[]): Address[] {
    const all = new Map<string, Address>();
    const visit = (token: Address) => {
      const key = priceKey(token);
      if (all.has(key)) return;
      all.set(key, getAddress(token));
      const underlying = quickOfLair.get(key);
      if (underlying) visit(underlying);
      const twin = redenominated.get(key);
      if (twin) visit(twin.other);
    };
    for (const token of [usdc, wmatic, ...hubs, ...tokens]) visit(token);
    return [...all.values()];
  }

  function planPrices(plan: ReadPlan, tokens: Address[]): () => Map<string, OnchainPrice> {
    const involved = closure(tokens);
    const reserves = new Map<string, PairReserves>();
    const pairKey = (a: Address, b: Address) => sortTokens(a, b).join('-').toLowerCase();
    const planPair = (a: Address, b: Address) => {
      const key = pairKey(a, b);
      if (a === b || reserves.has(key)) return;
      reserves.set(key, null);
      const address = quickswapPairAddress(factory, a, b);
      // Optional: most tokens have no pair with USDC or WMATIC, and no code answers with no data.
      plan.addOptional<readonly [bigint, bigint, number]>(
        { label: `pair ${address}: getReserves()`, address, abi: pair.abi, functionName: 'getReserves' },
        (v) => reserves.set(key, v ? { reserve0: v[0], reserve1: v[1] } : null),
      );
    };
    const ratios = new Map<string, bigint | null>();
    for (const token of involved) {
      const key = priceKey(token);
      if (quickOfLair.has(key)) {
        plan.addOptional<bigint>(
          {
            label: `lair ${token}: dQUICKForQUICK(1e18)`,
            address: token,
            abi: dragonLair.abi,
            functionName: 'dQUICKForQUICK',
            args: [10n ** 18n],
          },
          (v) => ratios.set(key, v),
        );
        continue;
      }
      planPair(token, usdc);
      planPair(token, wmatic);
      for (const hub of hubs) planPair(token, hub);
      if (!decimalsCache.has(key)) {
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
    }

    return () => {
      /** Price of `token` in units of `quote` from their pair's reserves, or null. */
      /** Price of `token` in `quote` from their pair, and the depth: the quote side's reserve, whole tokens. */
      const quoteIn = (token: Address, quote: Address): Route | null => {
        const state = reserves.get(pairKey(token, quote));
        const dToken = decimalsCache.get(priceKey(token));
        const dQuote = decimalsCache.get(priceKey(quote));
        if (!state || dToken === undefined || dQuote === undefined) return null;
        const isToken0 = sortTokens(token, quote)[0] === token;
        const [rToken, rQuote] = isToken0
          ? [state.reserve0, state.reserve1]
          : [state.reserve1, state.reserve0];
        const price = tokenRatioOf(rQuote, dQuote, rToken, dToken);
        if (rToken === 0n || rQuote === 0n || price === null) return null;
        return { usd: price, depthUsd: Number(rQuote) / 10 ** dQuote };
      };
      const wmaticUsd = quoteIn(wmatic, usdc)?.usd ?? null;
      const deepest = (routes: (Route | null)[]) =>
        routes.reduce<Route | null>(
          (best, r) => (r && (!best || r.depthUsd > best.depthUsd) ? r : best),
          null,
        );
      /** The deepest of: its USDC pair, its WMATIC pair (times WMATIC's price), in USD of pair depth. */
      const routed = (token: Address): Route | null => {
        if (token === usdc) return { usd: 1, depthUsd: Number.POSITIVE_INFINITY };
        const inWmatic = token === wmatic || wmaticUsd === null ? null : quoteIn(token, wmatic);
        return deepest([
          quoteIn(token, usdc),
          inWmatic && { usd: inWmatic.usd * wmaticUsd!, depthUsd: inWmatic.depthUsd * wmaticUsd! },
        ]);
      };
      const unknown: OnchainPrice = { usd: null, route: null };
      /** Every route but the hubs': its own pairs, its lair, QUICK's redenomination. */
      const direct = (token: Address): OnchainPrice => {
        const key = priceKey(token);
        const underlying = quickOfLair.get(key);
        // Both lairs mint 18-decimal dQUICK over 18-decimal QUICK, so dQUICKForQUICK(1e18) / 1e18 is the
        // QUICK per whole dQUICK. A lair configured over itself has no price (and no endless loop).
        if (underlying && priceKey(underlying) === key) return unknown;
        if (underlying) {
          const ratio = ratios.get(key);
          const quickUsd = priceOf(underlying).usd;
          return ratio == null || quickUsd === null
            ? unknown
            : { usd: (quickUsd * Number(ratio)) / 1e18, route: 'lair' };
        }
        // Old and new QUICK: whichever of the two has the deeper market prices both (1 old = 1000 new),
        // so a stale thin pair of one does not set its price.
        const twin = redenominated.get(key);
        const own = routed(token);
        const viaTwin = twin ? routed(twin.other) : null;
        const twinRoute = viaTwin && { ...viaTwin, usd: viaTwin.usd * twin!.factor };
        const best = deepest([own, twinRoute]);
        if (!best) return unknown;
        const route: OnchainRoute = best === own ? 'pair' : 'redenomination';
        return { usd: best.usd, route };
      };
      /**
       * Only when no direct route prices it (a direct price never moves for a hub's pair): the deepest of its
       * pairs with a hub that a direct route prices. Two hops at most: a hub is never priced through a hub.
       */
      const throughHub = (token: Address): OnchainPrice => {
        const routes = hubs.map((hub) => {
          const hubUsd = hub === token ? null : direct(hub).usd;
          const inHub = hubUsd === null ? null : quoteIn(token, hub);
          return inHub && { usd: inHub.usd * hubUsd!, depthUsd: inHub.depthUsd * hubUsd! };
        });
        const best = deepest(routes);
        return best ? { usd: best.usd, route: 'hub' } : unknown;
      };
      const priceOf = (token: Address): OnchainPrice => {
        const own = direct(token);
        return own.usd !== null ? own : throughHub(token);
      };
      return new Map(tokens.map((token) => [priceKey(token), priceOf(getAddress(token))]));
    };
  }

  return {
    name: 'onchain',
    planPrices,
    async getUsdPrices(tokens: PriceRequest[], getOptions = {}) {
      const addresses = [...new Set(tokens.map((t) => getAddress(t.address)))];
      const plan = new ReadPlan();
      const block = plan.addBlock(chain.multicall3Address);
      const compute = planPrices(plan, addresses);
      await plan.run(chain, getOptions.blockNumber ?? 'latest');
      const onchain = compute();
      const at = new Date(Number(block.timestamp) * 1000);
      const prices = new Map<string, PriceQuote>();
      for (const token of addresses) {
        const price = onchain.get(priceKey(token)) ?? { usd: null, route: null };
        prices.set(priceKey(token), {
          usd: price.usd,
          route: price.route,
          source: 'onchain',
          at,
          blockNumber: block.number,
        });
      }
      return prices;
    },
  };
}
