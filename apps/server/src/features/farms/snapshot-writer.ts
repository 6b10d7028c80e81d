import type { Kysely } from 'kysely';
import type { Address } from 'viem';
import type { ChainClient } from '../../chain/client.ts';
import { type FarmRef, type FarmSnapshotsRead, readFarmSnapshots } from '../../chain/farm-snapshots.ts';
import type { Database } from '../../db/index.ts';
import { asPriceError, type PriceSources, resolvePrices, type TokenPrice } from './prices.ts';
import { type DbOrTrx, findTokensByAddress } from './repository.ts';
import { insertSnapshots } from './snapshot-store.ts';
import { type CollectedSnapshots, tokensOfRead, valueSnapshots } from './snapshot-valuation.ts';

export type { PriceSources } from './prices.ts';
export type {
  CollectedFarm,
  CollectedPool,
  CollectedPosition,
  CollectedSnapshots,
  CollectedToken,
} from './snapshot-valuation.ts';

export type SnapshotWriterDeps = {
  db: Kysely<Database>;
  chain: ChainClient;
  prices: PriceSources;
  chainId: number;
  now?: () => Date;
};

export type CollectInput = {
  farms: FarmRef[];
  accounts: Address[];
  coinmarketcapIds?: Map<string, number | null>;
};

/** The read half of a refresh: the pinned-block chain read and the source prices of its tokens. */
export type SnapshotsRead = { read: FarmSnapshotsRead; prices: Map<string, TokenPrice> };

export type SnapshotWriter = {
  /**
   * One multicall at one block for `farms` x `accounts`, then prices for every token involved (on-chain
   * at that block; CoinMarketCap for tokens with an id when configured). CoinMarketCap ids come from the
   * tokens table, or from `coinmarketcapIds` (lower-case address -> id) for tokens not stored yet (the
   * wizard). Throws CHAIN_UNAVAILABLE / PRICE_UNAVAILABLE.
   */
  readForSnapshots(input: CollectInput): Promise<SnapshotsRead>;
  /** readForSnapshots, then the valuation math (`valueSnapshots`). Writes nothing. */
  collectSnapshots(input: CollectInput): Promise<CollectedSnapshots>;
  /**
   * Writes token, pool, farm and position snapshots of `collected` inside the caller's transaction.
   * The farms, pools and tokens must exist (upsertImportedFarm in the same transaction is fine).
   */
  writeSnapshots(trx: DbOrTrx, collected: CollectedSnapshots): Promise<void>;
  /** collectSnapshots, then one transaction around writeSnapshots: all-or-nothing. */
  refreshSnapshots(input: { farms: FarmRef[]; accounts: Address[] }): Promise<CollectedSnapshots>;
};

/**
 * The snapshot writer shared by the refresh endpoints and the import wizard.
 * @example
 * const writer = createSnapshotWriter({ db, chain, prices: { onchain }, chainId: 137 });
 * await writer.refreshSnapshots({ farms: [{ address, kind: 'lp' }], accounts: [wallet] });
 */
export function createSnapshotWriter(deps: SnapshotWriterDeps): SnapshotWriter {
  const now = deps.now ?? (() => new Date());

  async function readForSnapshots(input: CollectInput): Promise<SnapshotsRead> {
    // One aggregate3 when warm: the chain reads and the on-chain price reads see the same block.
    const read = await readFarmSnapshots(deps.chain, {
      farms: input.farms,
      accounts: input.accounts,
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
    const tokens = tokensOfRead(read);
    const stored = await findTokensByAddress(
      deps.db,
      deps.chainId,
      tokens.map((token) => token.address.toLowerCase()),
    );
    const requests = tokens.map((token) => {
      const key = token.address.toLowerCase();
      const override = input.coinmarketcapIds?.get(key);
      return {
        address: token.address,
        coinmarketcapId: override !== undefined ? override : (stored.get(key)?.coinmarketcap_id ?? null),
      };
    });
    const prices = await resolvePrices(deps.prices, requests, read.onchainPrices);
    return { read, prices };
  }

  async function collectSnapshots(input: CollectInput): Promise<CollectedSnapshots> {
    const { read, prices } = await readForSnapshots(input);
    return valueSnapshots(read, prices, { chainId: deps.chainId, createdOn: now() });
  }

  return {
    readForSnapshots,
    collectSnapshots,
    writeSnapshots: insertSnapshots,
    async refreshSnapshots(input) {
      const collected = await collectSnapshots(input);
      await deps.db.transaction().execute((trx) => insertSnapshots(trx, collected));
      return collected;
    },
  };
}

/**
 * A snapshot writer when both a chain and price sources are configured; otherwise undefined, and the
 * features that need one answer that refreshing is unavailable.
 */
export function createConfiguredSnapshotWriter(deps: {
  db: Kysely<Database>;
  chainId: number;
  chain?: ChainClient | undefined;
  prices?: PriceSources | undefined;
  now?: (() => Date) | undefined;
}): SnapshotWriter | undefined {
  if (!deps.chain || !deps.prices) return undefined;
  return createSnapshotWriter({
    db: deps.db,
    chain: deps.chain,
    prices: deps.prices,
    chainId: deps.chainId,
    ...(deps.now ? { now: deps.now } : {}),
  });
}
