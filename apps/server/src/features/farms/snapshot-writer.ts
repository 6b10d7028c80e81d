import type { Kysely } from 'kysely';
import { type Address, formatUnits, getAddress } from 'viem';
import type { ChainClient } from '../../chain/client.ts';
import type { TokenInfo } from '../../chain/erc20.ts';
import { type FarmRef, type FarmSnapshotsRead, readFarmSnapshots } from '../../chain/farm-snapshots.ts';
import type { Database } from '../../db/index.ts';
import { computeFarmValuation, lpTokenDecimals, resolvePairPrices } from '../../valuation/index.ts';
import { type PriceSources, resolvePrices, type TokenPrice } from './prices.ts';
import { type DbOrTrx, findTokensByAddress } from './repository.ts';
import { insertSnapshots } from './snapshot-store.ts';

export type { PriceSources } from './prices.ts';

export type SnapshotWriterDeps = {
  db: Kysely<Database>;
  chain: ChainClient;
  prices: PriceSources;
  chainId: number;
  now?: () => Date;
};

export type CollectedToken = TokenInfo & TokenPrice;
export type CollectedPool = {
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
export type CollectedFarm = {
  address: Address;
  kind: 'lp' | 'dual';
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
export type CollectedPosition = {
  farm: Address;
  account: Address;
  staked: string;
  totalLiquidityUsd: number | null;
  shareOfFarm: number | null;
  earned: { amount: string; usd: number | null }[];
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

export type SnapshotWriter = {
  /**
   * One multicall at one block for `farms` x `accounts`, prices for every token involved (on-chain at
   * that block; CoinMarketCap for tokens with an id when configured), then the valuation math. Writes
   * nothing. CoinMarketCap ids come from the tokens table, or from `coinmarketcapIds` (lower-case
   * address -> id) for tokens not stored yet (the wizard). Throws CHAIN_UNAVAILABLE / PRICE_UNAVAILABLE.
   */
  collectSnapshots(input: {
    farms: FarmRef[];
    accounts: Address[];
    coinmarketcapIds?: Map<string, number | null>;
  }): Promise<CollectedSnapshots>;
  /**
   * Writes token, pool, farm and position snapshots of `collected` inside the caller's transaction.
   * The farms, pools and tokens must exist (upsertImportedFarm in the same transaction is fine).
   */
  writeSnapshots(trx: DbOrTrx, collected: CollectedSnapshots): Promise<void>;
  /** collectSnapshots, then one transaction around writeSnapshots: all-or-nothing. */
  refreshSnapshots(input: { farms: FarmRef[]; accounts: Address[] }): Promise<CollectedSnapshots>;
};

const amountOf = (value: bigint, decimals: number) => formatUnits(value, decimals);

/**
 * The snapshot writer shared by the refresh endpoints and the import wizard.
 * @example
 * const writer = createSnapshotWriter({ db, chain, prices: { onchain }, chainId: 137 });
 * await writer.refreshSnapshots({ farms: [{ address, kind: 'lp' }], accounts: [wallet] });
 */
export function createSnapshotWriter(deps: SnapshotWriterDeps): SnapshotWriter {
  const now = deps.now ?? (() => new Date());

  async function collectSnapshots(input: {
    farms: FarmRef[];
    accounts: Address[];
    coinmarketcapIds?: Map<string, number | null>;
  }): Promise<CollectedSnapshots> {
    const read = await readFarmSnapshots(deps.chain, { farms: input.farms, accounts: input.accounts });
    const tokenInfo = new Map<string, TokenInfo>();
    for (const farm of read.farms) {
      for (const token of [farm.pair.token0, farm.pair.token1, ...farm.rewards.map((r) => r.token)]) {
        tokenInfo.set(token.address.toLowerCase(), token);
      }
    }
    const stored = await findTokensByAddress(deps.db, deps.chainId, [...tokenInfo.keys()]);
    const requests = [...tokenInfo.values()].map((token) => {
      const key = token.address.toLowerCase();
      const override = input.coinmarketcapIds?.get(key);
      return {
        address: token.address,
        coinmarketcapId: override !== undefined ? override : (stored.get(key)?.coinmarketcap_id ?? null),
      };
    });
    const prices = await resolvePrices(deps.prices, requests, read.blockNumber);

    // A side no source prices is derived from its pool's reserve ratio (the valuation's rule), and that
    // derived price also serves the token where it is a reward.
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

    const pools = new Map<string, CollectedPool>();
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
        });
      });
    }
    return {
      chainId: deps.chainId,
      blockNumber: read.blockNumber,
      blockTimestamp: read.blockTimestamp,
      createdOn: now(),
      tokens: [...tokenInfo.values()].map((token) => ({
        ...token,
        ...(prices.get(token.address.toLowerCase()) ?? { usd: null, source: null }),
      })),
      pools: [...pools.values()],
      farms,
      positions,
      read,
    };
  }

  return {
    collectSnapshots,
    writeSnapshots: insertSnapshots,
    async refreshSnapshots(input) {
      const collected = await collectSnapshots(input);
      await deps.db.transaction().execute((trx) => insertSnapshots(trx, collected));
      return collected;
    },
  };
}
