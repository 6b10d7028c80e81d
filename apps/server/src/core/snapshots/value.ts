import type { FarmKind } from '@tidewatch/shared';
import { type Address, formatUnits, getAddress } from 'viem';
import type { TokenInfo } from '../chain/erc20.ts';
import type { TokenPrice } from './prices.ts';
import type { FarmSnapshotRead, FarmSnapshotsRead, PairRead } from './read.ts';
import {
  computeFarmValuation,
  type FarmValuationInput,
  lpTokenDecimals,
  type PoolInput,
  resolvePairPrices,
} from './valuation/index.ts';

type CollectedToken = TokenInfo & TokenPrice;
type CollectedPool = {
  address: Address;
  token0: Address;
  token1: Address;
  /** Whole-token decimal strings. */
  reserve0: string;
  reserve1: string;
  totalSupply: string;
  price0Usd: number | null;
  price1Usd: number | null;
  totalLiquidityUsd: number | null;
};
type CollectedFarm = {
  address: Address;
  kind: FarmKind;
  pool: Address;
  rewardTokens: Address[];
  totalSupply: string;
  totalLiquidityUsd: number | null;
  shareOfPool: number | null;
  /** Whole reward tokens per second, same order as `rewardTokens`. */
  rewardRates: string[];
  rewardPricesUsd: (number | null)[];
  periodFinish: Date;
  isEnded: boolean;
  isPaused: boolean;
  apr: number | null;
};
type CollectedPosition = {
  farm: Address;
  account: Address;
  staked: string;
  totalLiquidityUsd: number | null;
  shareOfFarm: number | null;
  earned: { amount: string; usd: number | null }[];
  /** Checksummed address -> the source of each price behind these figures (pair sides, then rewards). */
  priceSources: Record<string, TokenPrice['source']>;
};

/** Everything one refresh read and computed, not yet written: what the wizard shows step by step. */
export type CollectedSnapshots = {
  chainId: number;
  blockNumber: bigint;
  blockTimestamp: bigint;
  createdOn: Date;
  tokens: CollectedToken[];
  pools: CollectedPool[];
  farms: CollectedFarm[];
  positions: CollectedPosition[];
  /** The raw chain read, for callers that need more (e.g. the wizard's token metadata). */
  read: FarmSnapshotsRead;
};

const amountOf = (value: bigint, decimals: number) => formatUnits(value, decimals);

/** Every token a read involves (pair sides and rewards), each once, in read order. */
export function tokensOfRead(read: FarmSnapshotsRead): TokenInfo[] {
  const tokens = new Map<string, TokenInfo>();
  for (const farm of read.farms) {
    for (const token of [farm.pair.token0, farm.pair.token1, ...farm.rewards.map((r) => r.token)]) {
      tokens.set(token.address.toLowerCase(), token);
    }
  }
  return [...tokens.values()];
}

/** A token's USD price (whole token), or null when unknown. */
export type PriceOf = (address: Address) => number | null;

function poolInputOf(pair: PairRead, priceOf: PriceOf): PoolInput {
  return {
    reserve0: pair.reserve0,
    reserve1: pair.reserve1,
    decimals0: pair.token0.decimals,
    decimals1: pair.token1.decimals,
    price0: priceOf(pair.token0.address),
    price1: priceOf(pair.token1.address),
    totalSupply: pair.totalSupply,
  };
}

/**
 * computeFarmValuation's input for one farm of a pinned-block read: the chain's integers as read, each
 * token's price from `priceOf`, the block's timestamp as "now".
 */
export function farmValuationInputOf(
  read: FarmSnapshotsRead,
  farm: FarmSnapshotRead,
  priceOf: PriceOf,
): FarmValuationInput {
  return {
    pool: poolInputOf(farm.pair, priceOf),
    farm: {
      totalSupply: farm.totalSupply,
      periodFinish: farm.periodFinish,
      isPaused: farm.isPaused,
      rewards: farm.rewards.map((r) => ({
        rewardRate: r.rewardRate,
        decimals: r.token.decimals,
        price: priceOf(r.token.address),
      })),
    },
    now: read.blockTimestamp,
    positions: farm.positions,
  };
}

/**
 * The valuation half of a snapshot refresh: pure, no chain or database. `prices` (lower-case address ->
 * price from a source) is not changed; a pair side no source prices is derived from its pool's reserve
 * ratio (source 'pool'), and that derived price also serves the token where it is a reward.
 * @example
 * const collected = valueSnapshots(read, prices, { chainId: 137, createdOn: new Date() });
 */
export function valueSnapshots(
  read: FarmSnapshotsRead,
  sourcePrices: ReadonlyMap<string, TokenPrice>,
  options: { chainId: number; createdOn: Date },
): CollectedSnapshots {
  const prices = new Map(sourcePrices);
  const priceOf: PriceOf = (address) => prices.get(address.toLowerCase())?.usd ?? null;
  for (const farm of read.farms) {
    const p = farm.pair;
    const resolved = resolvePairPrices(poolInputOf(p, priceOf));
    const onchainOf = (address: Address) => prices.get(address.toLowerCase())?.onchainUsd ?? null;
    if (resolved.isPrice0Derived)
      prices.set(p.token0.address.toLowerCase(), {
        usd: resolved.price0,
        source: 'pool',
        onchainUsd: onchainOf(p.token0.address),
      });
    if (resolved.isPrice1Derived)
      prices.set(p.token1.address.toLowerCase(), {
        usd: resolved.price1,
        source: 'pool',
        onchainUsd: onchainOf(p.token1.address),
      });
  }

  const pools = new Map<string, CollectedPool>();
  const farms: CollectedFarm[] = [];
  const positions: CollectedPosition[] = [];
  for (const f of read.farms) {
    const p = f.pair;
    const valuation = computeFarmValuation(farmValuationInputOf(read, f, priceOf));
    const priceSources: Record<string, TokenPrice['source']> = {};
    for (const token of [p.token0, p.token1, ...f.rewards.map((r) => r.token)]) {
      priceSources[getAddress(token.address)] = prices.get(token.address.toLowerCase())?.source ?? null;
    }
    pools.set(p.address.toLowerCase(), {
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
        priceSources,
      });
    });
  }
  return {
    chainId: options.chainId,
    blockNumber: read.blockNumber,
    blockTimestamp: read.blockTimestamp,
    createdOn: options.createdOn,
    tokens: tokensOfRead(read).map((token) => ({
      ...token,
      ...(prices.get(token.address.toLowerCase()) ?? { usd: null, source: null, onchainUsd: null }),
    })),
    pools: [...pools.values()],
    farms,
    positions,
    read,
  };
}
