import { type Address, formatUnits, getAddress } from 'viem';
import { computeFarmValuation, lpTokenDecimals, resolvePairPrices } from '../../valuation/index.ts';
import type { CollectedFarm, CollectedPool, CollectedPosition, CollectedSnapshots } from '../farms/index.ts';
import type { TokenPrice } from '../farms/prices.ts';

/**
 * Recomputes the figures of an import's collected snapshots with the prices the user confirmed
 * (CoinMarketCap quotes win over on-chain ones, as in the farms writer), from the same pinned-block
 * read: the chain is not asked again. Mirrors the valuation half of the farms writer's
 * collectSnapshots (same rules: a side no source prices is derived from its pool's reserve ratio).
 */
export function revalueCollected(
  collected: CollectedSnapshots,
  quotes: Map<string, number | null>,
): CollectedSnapshots {
  const { read } = collected;
  const prices = new Map<string, TokenPrice>();
  for (const token of collected.tokens) {
    const key = token.address.toLowerCase();
    const quoted = quotes.get(key);
    if (quoted !== undefined && quoted !== null) prices.set(key, { usd: quoted, source: 'coinmarketcap' });
    // Derived prices are derived again below, from the new prices of the other side.
    else if (token.source === 'onchain' || token.source === 'coinmarketcap')
      prices.set(key, { usd: token.usd, source: token.source });
    else prices.set(key, { usd: null, source: null });
  }
  for (const farm of read.farms) {
    const p = farm.pair;
    const resolved = resolvePairPrices({
      reserve0: p.reserve0,
      reserve1: p.reserve1,
      decimals0: p.token0.decimals,
      decimals1: p.token1.decimals,
      price0: prices.get(p.token0.address.toLowerCase())?.usd ?? null,
      price1: prices.get(p.token1.address.toLowerCase())?.usd ?? null,
    });
    if (resolved.isPrice0Derived)
      prices.set(p.token0.address.toLowerCase(), { usd: resolved.price0, source: 'derived' });
    if (resolved.isPrice1Derived)
      prices.set(p.token1.address.toLowerCase(), { usd: resolved.price1, source: 'derived' });
  }
  const priceOf = (address: Address) => prices.get(address.toLowerCase())?.usd ?? null;
  const amountOf = (value: bigint, decimals: number) => formatUnits(value, decimals);

  const pools: CollectedPool[] = [];
  const farms: CollectedFarm[] = [];
  const positions: CollectedPosition[] = [];
  for (const f of read.farms) {
    const p = f.pair;
    const valuation = computeFarmValuation({
      pool: {
        reserve0: p.reserve0,
        reserve1: p.reserve1,
        decimals0: p.token0.decimals,
        decimals1: p.token1.decimals,
        price0: priceOf(p.token0.address),
        price1: priceOf(p.token1.address),
        totalSupply: p.totalSupply,
      },
      farm: {
        totalSupply: f.totalSupply,
        periodFinish: f.periodFinish,
        isPaused: f.isPaused,
        rewards: f.rewards.map((r) => ({
          rewardRate: r.rewardRate,
          decimals: r.token.decimals,
          price: priceOf(r.token.address),
        })),
      },
      now: read.blockTimestamp,
      positions: f.positions,
    });
    pools.push({
      address: getAddress(p.address),
      token0: getAddress(p.token0.address),
      token1: getAddress(p.token1.address),
      reserve0: amountOf(p.reserve0, p.token0.decimals),
      reserve1: amountOf(p.reserve1, p.token1.decimals),
      totalSupply: amountOf(p.totalSupply, lpTokenDecimals),
      price0Usd: valuation.pool.price0,
      price1Usd: valuation.pool.price1,
      totalLiquidityUsd: valuation.pool.tvlUsd,
    });
    farms.push({
      address: getAddress(f.address),
      kind: f.kind,
      pool: getAddress(p.address),
      rewardTokens: f.rewards.map((r) => getAddress(r.token.address)),
      totalSupply: amountOf(f.totalSupply, lpTokenDecimals),
      totalLiquidityUsd: valuation.farm.tvlUsd,
      shareOfPool: valuation.farm.shareOfPool,
      rewardRates: f.rewards.map((r) => amountOf(r.rewardRate, r.token.decimals)),
      rewardPricesUsd: f.rewards.map((r) => priceOf(r.token.address)),
      periodFinish: new Date(Number(f.periodFinish) * 1000),
      isEnded: valuation.farm.isEnded,
      isPaused: valuation.farm.isPaused,
      apr: valuation.farm.apr,
    });
    f.positions.forEach((position, i) => {
      const value = valuation.positions[i]!;
      positions.push({
        farm: getAddress(f.address),
        account: getAddress(position.account),
        staked: amountOf(position.staked, lpTokenDecimals),
        totalLiquidityUsd: value.stakedUsd,
        shareOfFarm: value.shareOfFarm,
        earned: f.rewards.map((r, k) => ({
          amount: amountOf(position.earned[k] ?? 0n, r.token.decimals),
          usd: value.earned[k]?.usd ?? null,
        })),
      });
    });
  }
  return {
    ...collected,
    tokens: collected.tokens.map((token) => ({
      ...token,
      ...(prices.get(token.address.toLowerCase()) ?? { usd: null, source: null }),
    })),
    pools,
    farms,
    positions,
  };
}
