import {
  AppError,
  type FarmIndexPage,
  type FarmIndexQuery,
  type FindMyFarmsResponse,
  type IndexedFarm,
  quickswapFarmsUrl,
  type TrackDiscoveredResponse,
} from '@tidewatch/shared';
import { type Kysely, sql } from 'kysely';
import { type Address, formatUnits, getAddress } from 'viem';
import type { ChainClient } from '../chain/client.ts';
import type { Database } from '../db/index.ts';
import {
  findFarmByAddress,
  insertTrackedFarm,
  isVerifiedWallet,
  upsertImportedFarm,
} from '../features/farms/repository.ts';
import type { SnapshotPipeline } from '../snapshots/index.ts';
import { findWalletFarms, type IndexRow } from './find-my-farms.ts';

export type DiscoveryDeps = {
  db: Kysely<Database>;
  chainId: number;
  chain?: ChainClient | undefined;
  pipeline?: SnapshotPipeline | undefined;
  now?: () => Date;
};

function toIndexedFarm(row: IndexRow, imported: Set<string>): IndexedFarm {
  return {
    address: row.address,
    kind: row.kind,
    pair_address: row.pair_address,
    token0: { address: row.token0_address, symbol: row.token0_symbol, decimals: row.token0_decimals },
    token1: { address: row.token1_address, symbol: row.token1_symbol, decimals: row.token1_decimals },
    reward_token_a: {
      address: row.reward_a_address,
      symbol: row.reward_a_symbol,
      decimals: row.reward_a_decimals,
    },
    reward_token_b:
      row.reward_b_address && row.reward_b_symbol && row.reward_b_decimals !== null
        ? { address: row.reward_b_address, symbol: row.reward_b_symbol, decimals: row.reward_b_decimals }
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

  /** One page of the index: filtered by token symbol, active/ended and kind, sorted by TVL or APR. */
  async function listIndex(query: FarmIndexQuery): Promise<FarmIndexPage> {
    let base = db.selectFrom('farm_index').where('chain_id', '=', chainId);
    if (query.kind) base = base.where('kind', '=', query.kind);
    if (query.status !== 'all') base = base.where('is_ended', '=', query.status === 'ended' ? 1 : 0);
    if (query.token) {
      const symbol = query.token.toLowerCase();
      base = base.where((eb) =>
        eb.or([
          eb(sql`lower(token0_symbol)`, '=', symbol),
          eb(sql`lower(token1_symbol)`, '=', symbol),
          eb(sql`lower(reward_a_symbol)`, '=', symbol),
          eb(sql`lower(reward_b_symbol)`, '=', symbol),
        ]),
      );
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
      items: rows.map((row) => toIndexedFarm(row, imported)),
      total: Number(count.n),
      page: query.page,
      per_page: query.per_page,
      refreshed_at: refreshedAt,
      last_error: lastError,
    };
  }

  /** Every index farm where one of the user's wallets has stake or unclaimed rewards. */
  async function findMyFarms(userId: number, wallet: string): Promise<FindMyFarmsResponse> {
    if (!deps.chain)
      throw new AppError('CHAIN_UNAVAILABLE', 'no blockchain RPC is configured on this server');
    const address = await requireSavedWallet(userId, wallet);
    const rows = await db.selectFrom('farm_index').selectAll().where('chain_id', '=', chainId).execute();
    const { found, blockNumber } = await findWalletFarms(deps.chain, rows, address);
    const tracked = await db
      .selectFrom('tracked_farms')
      .innerJoin('farms', 'farms.id', 'tracked_farms.farm_id')
      .select('farms.address')
      .where('tracked_farms.user_id', '=', userId)
      .where('tracked_farms.wallet_address', '=', address)
      .execute();
    const trackedSet = new Set(tracked.map((t) => t.address.toLowerCase()));
    const imported = await importedSet(found.map((f) => f.farm.address));
    return {
      wallet_address: address,
      block_number: Number(blockNumber),
      checked: rows.length,
      farms: found.map(({ farm, staked, earned }) => {
        const rewards = [
          { symbol: farm.reward_a_symbol, decimals: farm.reward_a_decimals },
          ...(farm.reward_b_symbol
            ? [{ symbol: farm.reward_b_symbol, decimals: farm.reward_b_decimals ?? 18 }]
            : []),
        ];
        return {
          farm: toIndexedFarm(farm, imported),
          staked: formatUnits(staked, 18),
          earned: rewards.map((r, k) => ({
            symbol: r.symbol,
            amount: formatUnits(earned[k] ?? 0n, r.decimals),
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

  return { listIndex, findMyFarms, trackDiscovered };
}

export type DiscoveryService = ReturnType<typeof createDiscoveryService>;
