import {
  AppError,
  type FarmIndexPage,
  type FarmIndexQuery,
  type FindMyFarmsResponse,
  type IndexedFarm,
  type LeftInEndedFarms,
  quickswapFarmsUrl,
  type TrackDiscoveredResponse,
} from '@tidewatch/shared';
import { type Kysely, type SqlBool, sql } from 'kysely';
import { type Address, formatUnits, getAddress } from 'viem';
import type { ChainClient } from '../../core/chain/client.ts';
import { labelSymbol, type OldTokens } from '../../core/chain/token-labels.ts';
import type { Database } from '../../core/db/index.ts';
import { isPostgres } from '../../core/db/schema-helpers.ts';
import {
  findFarmByAddress,
  insertTrackedFarm,
  isVerifiedWallet,
  upsertImportedFarm,
} from '../../core/farms/repository.ts';
import type { SnapshotPipeline } from '../../core/snapshots/index.ts';
import { findAndValueWalletFarms, findWalletFarms, type IndexRow } from './find-my-farms.ts';

export type DiscoveryDeps = {
  db: Kysely<Database>;
  chainId: number;
  chain?: ChainClient | undefined;
  pipeline?: SnapshotPipeline | undefined;
  /** Old QUICK and old dQUICK, shown apart from the new ones. */
  oldTokens: OldTokens;
  now?: () => Date;
};

/** An index older than this is said to be stale (it refreshes daily). */
const staleAfterMs = 2 * 86_400_000;

function toIndexedFarm(row: IndexRow, imported: Set<string>, old: OldTokens): IndexedFarm {
  const token = (address: string, symbol: string, decimals: number) => ({
    address,
    symbol: labelSymbol(old, address, symbol),
    decimals,
  });
  return {
    address: row.address,
    kind: row.kind,
    pair_address: row.pair_address,
    token0: token(row.token0_address, row.token0_symbol, row.token0_decimals),
    token1: token(row.token1_address, row.token1_symbol, row.token1_decimals),
    reward_token_a: token(row.reward_a_address, row.reward_a_symbol, row.reward_a_decimals),
    reward_token_b:
      row.reward_b_address && row.reward_b_symbol && row.reward_b_decimals !== null
        ? token(row.reward_b_address, row.reward_b_symbol, row.reward_b_decimals)
        : null,
    reward_rate_a: row.reward_rate_a,
    reward_rate_b: row.reward_rate_b,
    period_finish: row.period_finish,
    is_ended: row.is_ended === 1,
    is_paused: row.is_paused === 1,
    total_staked: row.total_staked,
    tvl_usd: row.tvl_usd,
    apr: row.apr,
    is_imported: imported.has(row.address.toLowerCase()),
  };
}

/** Discovery (issue 14): the farm index, find my farms, and tracking what was found. */
export function createDiscoveryService(deps: DiscoveryDeps) {
  const { db, chainId } = deps;
  const now = deps.now ?? (() => new Date());

  async function importedSet(addresses: string[]): Promise<Set<string>> {
    if (addresses.length === 0) return new Set();
    const rows = await db
      .selectFrom('farms')
      .select('address')
      .where('chain_id', '=', chainId)
      .where('address', 'in', addresses)
      .execute();
    return new Set(rows.map((r) => r.address.toLowerCase()));
  }

  async function requireSavedWallet(userId: number, wallet: string): Promise<Address> {
    const address = getAddress(wallet);
    if (!(await isVerifiedWallet(db, userId, address, chainId))) {
      throw new AppError('NOT_FOUND', `${address} is not one of your saved wallets: save or watch it first`);
    }
    return address;
  }

  function requireChain(): ChainClient {
    if (!deps.chain)
      throw new AppError('CHAIN_UNAVAILABLE', 'no blockchain RPC is configured on this server');
    return deps.chain;
  }

  /** The user's saved and watch-only wallets on this chain, oldest first. */
  function walletsOf(userId: number) {
    return db
      .selectFrom('wallets')
      .select('address')
      .where('user_id', '=', userId)
      .where('chain_id', '=', chainId)
      .orderBy('id')
      .execute();
  }

  /** Index farms where one of the user's wallets (saved or watch-only) has stake or unclaimed rewards. */
  async function farmsHeldBy(userId: number): Promise<string[]> {
    const chain = requireChain();
    const wallets = await walletsOf(userId);
    const rows = await db.selectFrom('farm_index').selectAll().where('chain_id', '=', chainId).execute();
    // The wallets' reads go out together: their aggregate3 calls share the JSON-RPC batches.
    const found = await Promise.all(
      wallets.map((w) => findWalletFarms(chain, rows, getAddress(w.address)).then((r) => r.found)),
    );
    return [...new Set(found.flat().map((f) => f.farm.address))];
  }

  /**
   * One page of the index: searched by token symbol (any part, any case) or address (a farm's, its pair's
   * or a token's, or the start of one), filtered by active/ended, kind and, for a signed-in user, where
   * their wallets have something; sorted by TVL or APR.
   */
  async function listIndex(query: FarmIndexQuery, userId: number | null = null): Promise<FarmIndexPage> {
    let base = db.selectFrom('farm_index').where('chain_id', '=', chainId);
    if (query.kind) base = base.where('kind', '=', query.kind);
    if (query.status === 'ended') base = base.where('is_ended', '=', 1);
    // 'active' as a farm's page says it (web lib/farm-status.ts): not paused, not ended, and a reward
    // period set; a farm deployed but never notified keeps periodFinish 0 and has not started.
    if (query.status === 'active') {
      base = base
        .where('is_ended', '=', 0)
        .where('is_paused', '=', 0)
        .where('period_finish', '>', new Date(0).toISOString());
    }
    if (query.token) {
      const text = query.token.toLowerCase();
      const columns = /^0x[0-9a-f]*$/.test(text)
        ? [
            'address',
            'pair_address',
            'token0_address',
            'token1_address',
            'reward_a_address',
            'reward_b_address',
          ]
        : ['token0_symbol', 'token1_symbol', 'reward_a_symbol', 'reward_b_symbol'];
      // instr, not LIKE: a symbol may hold '%' or '_', and both databases have it (PostgreSQL as strpos).
      const find = isPostgres(db) ? sql.raw('strpos') : sql.raw('instr');
      const contains = (column: string) => sql<SqlBool>`${find}(lower(${sql.ref(column)}), ${text}) > 0`;
      base = base.where((eb) => eb.or(columns.map(contains)));
    }
    if (query.holdings === 'mine' && userId !== null) {
      const held = await farmsHeldBy(userId);
      base = held.length > 0 ? base.where('address', 'in', held) : base.where(sql<SqlBool>`1 = 0`);
    }
    const column = query.sort === 'tvl' ? 'tvl_usd' : 'apr';
    const [count, rows, lastDone, lastFailed] = await Promise.all([
      base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
      base
        .selectAll()
        // Unknown figures sort last whichever the order: unknown is not zero.
        .orderBy(sql`case when ${sql.ref(column)} is null then 1 else 0 end`)
        .orderBy(column, query.order)
        .orderBy('id')
        .limit(query.per_page)
        .offset((query.page - 1) * query.per_page)
        .execute(),
      db
        .selectFrom('farm_index_runs')
        .select('finished_at')
        .where('finished_at', 'is not', null)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst(),
      db
        .selectFrom('farm_index_runs')
        .select(['started_at', 'error'])
        .where('error', 'is not', null)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst(),
    ]);
    const refreshedAt = lastDone?.finished_at ?? null;
    const lastError =
      lastFailed?.error && (!refreshedAt || lastFailed.started_at > refreshedAt)
        ? { at: lastFailed.started_at, message: lastFailed.error }
        : null;
    const imported = await importedSet(rows.map((r) => r.address));
    return {
      items: rows.map((row) => toIndexedFarm(row, imported, deps.oldTokens)),
      total: Number(count.n),
      page: query.page,
      per_page: query.per_page,
      refreshed_at: refreshedAt,
      last_error: lastError,
    };
  }

  /** When the index last finished a refresh, and whether that is too long ago to trust an empty answer. */
  async function indexAge(): Promise<FindMyFarmsResponse['index']> {
    const [last, listed] = await Promise.all([
      db
        .selectFrom('farm_index_runs')
        .select('finished_at')
        .where('finished_at', 'is not', null)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst(),
      db
        .selectFrom('farm_index')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('chain_id', '=', chainId)
        .executeTakeFirstOrThrow(),
    ]);
    const refreshedAt = last?.finished_at ?? null;
    return {
      refreshed_at: refreshedAt,
      is_stale: refreshedAt === null || now().getTime() - Date.parse(refreshedAt) > staleAfterMs,
      is_empty: Number(listed.n) === 0,
    };
  }

  /**
   * Every index farm where one of the user's wallets has stake or unclaimed rewards, valued, ended farms
   * first (their rewards no longer grow: what is left there is waiting), then by value.
   */
  async function findMyFarms(userId: number, wallet: string): Promise<FindMyFarmsResponse> {
    const chain = requireChain();
    const address = await requireSavedWallet(userId, wallet);
    const rows = await db.selectFrom('farm_index').selectAll().where('chain_id', '=', chainId).execute();
    const { found, blockNumber } = await findAndValueWalletFarms(chain, deps.pipeline, rows, address);
    const tracked = await db
      .selectFrom('tracked_farms')
      .innerJoin('farms', 'farms.id', 'tracked_farms.farm_id')
      .select('farms.address')
      .where('tracked_farms.user_id', '=', userId)
      .where('tracked_farms.wallet_address', '=', address)
      .execute();
    const trackedSet = new Set(tracked.map((t) => t.address.toLowerCase()));
    const imported = await importedSet(found.map((f) => f.farm.address));
    const total = (f: (typeof found)[number]) =>
      (f.stakedUsd ?? 0) + f.earnedUsd.reduce<number>((sum, usd) => sum + (usd ?? 0), 0);
    const ordered = [...found].sort(
      (a, b) => b.farm.is_ended - a.farm.is_ended || total(b) - total(a) || a.farm.id - b.farm.id,
    );
    return {
      wallet_address: address,
      block_number: Number(blockNumber),
      checked: rows.length,
      index: await indexAge(),
      farms: ordered.map(({ farm, staked, earned, stakedUsd, earnedUsd }) => {
        const indexed = toIndexedFarm(farm, imported, deps.oldTokens);
        const rewards = [indexed.reward_token_a, ...(indexed.reward_token_b ? [indexed.reward_token_b] : [])];
        return {
          farm: indexed,
          staked: formatUnits(staked, 18),
          staked_usd: stakedUsd,
          earned: rewards.map((r, k) => ({
            symbol: r.symbol,
            amount: formatUnits(earned[k] ?? 0n, r.decimals),
            usd: earnedUsd[k] ?? null,
          })),
          is_tracked: trackedSet.has(farm.address.toLowerCase()),
        };
      }),
    };
  }

  /**
   * Tracks index farms with a saved wallet, importing those not imported yet: one pinned read of all of
   * them (farm, pool, tokens and the wallet's position), then one transaction for every import, snapshot
   * and tracking row.
   */
  async function trackDiscovered(
    userId: number,
    input: { wallet_address: string; farm_addresses: string[] },
  ): Promise<TrackDiscoveredResponse> {
    if (!deps.pipeline)
      throw new AppError('CHAIN_UNAVAILABLE', 'no blockchain RPC is configured on this server');
    const wallet = await requireSavedWallet(userId, input.wallet_address);
    const addresses = [...new Set(input.farm_addresses.map((a) => getAddress(a)))];
    const rows = await db
      .selectFrom('farm_index')
      .selectAll()
      .where('chain_id', '=', chainId)
      .where('address', 'in', addresses)
      .execute();
    const missing = addresses.find((a) => !rows.some((r) => r.address.toLowerCase() === a.toLowerCase()));
    if (missing) {
      throw new AppError('NOT_FOUND', `${missing} is not in the farm index: import it through the wizard`, {
        details: [{ field: 'body.farm_addresses', message: `${missing} is not an indexed farm` }],
      });
    }
    const collected = await deps.pipeline.collectSnapshots({
      farms: rows.map((r) => ({ address: r.address as Address, kind: r.kind })),
      accounts: [wallet],
    });
    const tracked: string[] = [];
    const already: string[] = [];
    await db.transaction().execute(async (trx) => {
      for (const read of collected.read.farms) {
        const existing = await findFarmByAddress(trx, chainId, read.address);
        const farmId = existing
          ? existing.id
          : (
              await upsertImportedFarm(
                trx,
                {
                  chainId,
                  farm: {
                    address: read.address,
                    kind: read.kind,
                    url: quickswapFarmsUrl(read.kind, read.periodFinish * 1000n <= BigInt(now().getTime())),
                    createdBy: userId,
                  },
                  pool: { address: read.pair.address, token0: read.pair.token0, token1: read.pair.token1 },
                  rewardTokens: read.rewards.map((r) => r.token),
                },
                now(),
              )
            ).farmId;
        const isNew = await insertTrackedFarm(trx, { userId, farmId, walletAddress: wallet }, now());
        (isNew ? tracked : already).push(getAddress(read.address));
      }
      await deps.pipeline!.writeSnapshots(trx, collected);
    });
    return { tracked, already_tracked: already };
  }

  /**
   * The dashboard's 'left in ended farms': per wallet of the user, the stake and unclaimed rewards still in
   * ended farms, valued as find my farms values them (unknown prices counted apart, never as 0).
   */
  async function leftInEndedFarms(userId: number): Promise<LeftInEndedFarms> {
    const chain = requireChain();
    const wallets = await walletsOf(userId);
    const ended = await db
      .selectFrom('farm_index')
      .selectAll()
      .where('chain_id', '=', chainId)
      .where('is_ended', '=', 1)
      .execute();
    const results = await Promise.all(
      wallets.map(async (w) => {
        const { found } = await findAndValueWalletFarms(chain, deps.pipeline, ended, getAddress(w.address));
        let value = 0;
        let unpriced = 0;
        for (const f of found) {
          const parts = [
            ...(f.staked > 0n ? [f.stakedUsd] : []),
            ...f.earnedUsd.filter((_, k) => f.earned[k]! > 0n),
          ];
          if (parts.some((usd) => usd === null)) unpriced += 1;
          value += parts.reduce<number>((sum, usd) => sum + (usd ?? 0), 0);
        }
        return { wallet_address: getAddress(w.address), farms: found.length, value_usd: value, unpriced };
      }),
    );
    return { wallets: results, index: await indexAge() };
  }

  return { listIndex, findMyFarms, trackDiscovered, leftInEndedFarms };
}

export type DiscoveryService = ReturnType<typeof createDiscoveryService>;
