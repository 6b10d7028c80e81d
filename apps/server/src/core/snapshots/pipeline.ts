import type { Kysely } from 'kysely';
import type { Address } from 'viem';
import type { ChainClient } from '../chain/client.ts';
import type { Database, DbOrTrx } from '../db/index.ts';
import { findTokensByAddress } from '../farms/repository.ts';
import { asPriceError, type PriceSources, priceChoiceOf, resolvePrices, type TokenPrice } from './prices.ts';
import { type FarmRef, type FarmSnapshotsRead, readFarmSnapshots } from './read.ts';
import { insertSnapshots } from './snapshot-store-repository.ts';
import { type CollectedSnapshots, tokensOfRead, valueSnapshots } from './value.ts';

export type { PriceSources } from './prices.ts';
export type { CollectedSnapshots } from './value.ts';

export type SnapshotPipelineDeps = {
  db: Kysely<Database>;
  chain: ChainClient;
  prices: PriceSources;
  chainId: number;
  now?: () => Date;
};

type CollectInput = {
  farms: FarmRef[];
  accounts: Address[];
  /**
   * The wizard's price choices for tokens not stored yet (lower-case address -> CoinMarketCap id, null =
   * on-chain); an id here means the user chose the price API for that token.
   */
  coinmarketcapIds?: Map<string, number | null>;
  /**
   * Read at this past block (the history job) instead of the latest: snapshots carry the block's time,
   * and prices are on-chain only (a CoinMarketCap quote is today's price, not that block's): a token
   * priced by the API today is marked as a change of source between the last past point and today's.
   */
  block?: bigint;
};

/** The read half of a refresh: the pinned-block chain read and the source prices of its tokens. */
type SnapshotsRead = { read: FarmSnapshotsRead; prices: Map<string, TokenPrice> };

export type SnapshotPipeline = {
  /**
   * One multicall at one block for `farms` x `accounts`, then prices for every token involved by the one
   * price rule (resolvePrices, decision 021): on-chain at that block, CoinMarketCap only for a token whose
   * user chose it (tokens.price_choice, or `coinmarketcapIds` for tokens not stored yet: the wizard).
   * Throws CHAIN_UNAVAILABLE / PRICE_UNAVAILABLE.
   */
  readForSnapshots(input: CollectInput): Promise<SnapshotsRead>;
  /** readForSnapshots, then the valuation math (`valueSnapshots`). Writes nothing. */
  collectSnapshots(input: CollectInput): Promise<CollectedSnapshots>;
  /**
   * Writes token, pool, farm and position snapshots of `collected` inside the caller's transaction.
   * The farms, pools and tokens must exist (upsertImportedFarm in the same transaction is fine).
   */
  writeSnapshots(trx: DbOrTrx, collected: CollectedSnapshots, options?: { isPast?: boolean }): Promise<void>;
  /** collectSnapshots, then one transaction around writeSnapshots: all-or-nothing. */
  refreshSnapshots(input: { farms: FarmRef[]; accounts: Address[] }): Promise<CollectedSnapshots>;
};

/**
 * The one snapshot pipeline, in four stages: plan (which farms and accounts, which CoinMarketCap ids)
 * -> read (one aggregate3 at one block, on-chain prices inside it, then CoinMarketCap quotes) -> value
 * (the pure valuation math) -> store (one transaction). The refresh endpoints, the import wizard (which
 * stops before store, then stores inside its own completing transaction) and later the scheduler and the
 * history backfill all go through it.
 * @example
 * const pipeline = createSnapshotPipeline({ db, chain, prices: { onchain }, chainId: 137 });
 * await pipeline.refreshSnapshots({ farms: [{ address, kind: 'lp' }], accounts: [wallet] });
 */
export function createSnapshotPipeline(deps: SnapshotPipelineDeps): SnapshotPipeline {
  const now = deps.now ?? (() => new Date());

  /** Stage 2 (read): chain and on-chain prices in one aggregate3, then CoinMarketCap for chosen ids. */
  async function readForSnapshots(input: CollectInput): Promise<SnapshotsRead> {
    const read = await readFarmSnapshots(deps.chain, {
      farms: input.farms,
      accounts: input.accounts,
      ...(input.block !== undefined ? { block: input.block } : {}),
      planPrices: (plan, tokens) => {
        const compute = deps.prices.onchain.planPrices(plan, tokens);
        return () => {
          try {
            return compute();
          } catch (error) {
            throw asPriceError(error, 'on-chain');
          }
        };
      },
    });
    const requests = (await planPriceRequests(read, input.coinmarketcapIds)).map((request) =>
      input.block === undefined ? request : { ...request, priceChoice: 'onchain' as const },
    );
    const prices = await resolvePrices(deps.prices, requests, read.onchainPrices);
    return { read, prices };
  }

  /** Stage 1 (plan), price half: each token's CoinMarketCap id, from the tokens table or the wizard's choice. */
  async function planPriceRequests(read: FarmSnapshotsRead, overrides?: Map<string, number | null>) {
    const tokens = tokensOfRead(read);
    const stored = await findTokensByAddress(
      deps.db,
      deps.chainId,
      tokens.map((token) => token.address.toLowerCase()),
    );
    return tokens.map((token) => {
      const key = token.address.toLowerCase();
      const override = overrides?.get(key);
      const row = stored.get(key);
      if (override !== undefined)
        return {
          address: token.address,
          coinmarketcapId: override,
          priceChoice: override === null ? ('onchain' as const) : ('coinmarketcap' as const),
        };
      return {
        address: token.address,
        coinmarketcapId: row?.coinmarketcap_id ?? null,
        priceChoice: priceChoiceOf(row?.price_choice),
      };
    });
  }

  /** Stages 1-3: read, then value (pure math); writes nothing. */
  async function collectSnapshots(input: CollectInput): Promise<CollectedSnapshots> {
    const { read, prices } = await readForSnapshots(input);
    const createdOn = input.block === undefined ? now() : new Date(Number(read.blockTimestamp) * 1000);
    return valueSnapshots(read, prices, { chainId: deps.chainId, createdOn });
  }

  return {
    readForSnapshots,
    collectSnapshots,
    writeSnapshots: insertSnapshots,
    /** All four stages; stage 4 (store) is one transaction: all or nothing. */
    async refreshSnapshots(input) {
      const collected = await collectSnapshots(input);
      await deps.db.transaction().execute((trx) => insertSnapshots(trx, collected));
      return collected;
    },
  };
}

/**
 * A snapshot pipeline when both a chain and price sources are configured; otherwise undefined, and the
 * features that need one answer that refreshing is unavailable.
 */
export function createConfiguredSnapshotPipeline(deps: {
  db: Kysely<Database>;
  chainId: number;
  chain?: ChainClient | undefined;
  prices?: PriceSources | undefined;
  now?: (() => Date) | undefined;
}): SnapshotPipeline | undefined {
  if (!deps.chain || !deps.prices) return undefined;
  return createSnapshotPipeline({
    db: deps.db,
    chain: deps.chain,
    prices: deps.prices,
    chainId: deps.chainId,
    ...(deps.now ? { now: deps.now } : {}),
  });
}
