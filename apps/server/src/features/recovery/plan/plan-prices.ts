import type { TokenAmount } from '@tidewatch/shared';
import { formatUnits } from 'viem';
import type { TokenPrice } from '../../../core/snapshots/index.ts';
import { computeLpPrice, resolvePairPrices, toTokenNumber } from '../../../core/snapshots/valuation/index.ts';
import type { Flow, RecoveryChainState } from './chain-state.ts';

/** USD per whole token of anything a plan moves (tokens and LP tokens); null when unknown, never 0. */
export type PlanPricing = {
  priceOf(address: string): number | null;
  /** The USD of a flow; null when its token has no price. */
  usdOf(flow: Flow): number | null;
  /** A flow as the API shows it. */
  toTokenAmount(flow: Flow): TokenAmount;
  /** The sum of flows' USD; null when a non-zero part has no price. */
  sumUsd(flows: Flow[]): number | null;
};

/**
 * The plan's prices by the app's one rule (decision 021): each token's price from the price sources at
 * the plan's block; a pair side no source prices derived from its pair's reserve ratio (as snapshots do);
 * an LP token at its pair's TVL / totalSupply.
 */
export function createPlanPricing(
  state: RecoveryChainState,
  sourcePrices: Map<string, TokenPrice>,
): PlanPricing {
  const prices = new Map<string, number | null>([...sourcePrices].map(([key, p]) => [key, p.usd]));
  const known = (address: string) => prices.get(address.toLowerCase()) ?? null;
  const pools = [...state.pairs.values()].map((pair) => ({
    pair,
    input: {
      reserve0: pair.reserve0,
      reserve1: pair.reserve1,
      decimals0: pair.token0.decimals,
      decimals1: pair.token1.decimals,
    },
  }));
  for (const { pair, input } of pools) {
    const resolved = resolvePairPrices({
      ...input,
      price0: known(pair.token0.address),
      price1: known(pair.token1.address),
    });
    if (resolved.isPrice0Derived) prices.set(pair.token0.address.toLowerCase(), resolved.price0);
    if (resolved.isPrice1Derived) prices.set(pair.token1.address.toLowerCase(), resolved.price1);
  }
  for (const { pair, input } of pools) {
    const lpPrice = computeLpPrice({
      ...input,
      price0: known(pair.token0.address),
      price1: known(pair.token1.address),
      totalSupply: pair.totalSupply,
    });
    prices.set(pair.address.toLowerCase(), lpPrice);
  }
  const usdOf = (flow: Flow) => {
    const price = known(flow.token.address);
    return price === null ? null : toTokenNumber(flow.raw, flow.token.decimals) * price;
  };
  return {
    priceOf: known,
    usdOf,
    toTokenAmount: (flow) => ({
      address: flow.token.address,
      symbol: flow.token.symbol,
      decimals: flow.token.decimals,
      raw: flow.raw.toString(),
      amount: formatUnits(flow.raw, flow.token.decimals),
      usd: usdOf(flow),
    }),
    sumUsd: (flows) => {
      let total = 0;
      for (const flow of flows) {
        if (flow.raw === 0n) continue;
        const usd = usdOf(flow);
        if (usd === null) return null;
        total += usd;
      }
      return total;
    },
  };
}
