import {
  AppError,
  type DualFarmListItem,
  type FarmDetail,
  type FarmKind,
  type LpFarmListItem,
  type Portfolio,
  type TokenSnapshotsResponse,
  type ToolsResponse,
  type TrackedSummary,
  type UntrackResponse,
} from '@tidewatch/shared';
import type { Kysely } from 'kysely';
import { type Address, getAddress } from 'viem';
import type { OldTokens } from '../../core/chain/token-labels.ts';
import type { Database } from '../../core/db/index.ts';
import type { PositionSnapshotRow } from '../../core/db/tables/farms.ts';
import {
  type FarmView,
  loadFarmViews,
  loadLatestPositions,
  loadPositionAtOrBefore,
  loadPositionHistory,
  loadSchedules,
  positionKey,
  toDualPosition,
  toLpPosition,
} from '../../core/farms/queries.ts';
import {
  findFarmByAddress,
  findTokensInUse,
  findTrackedFarms,
  hasPositionSnapshot,
  insertTrackedFarm,
  isTracking,
  isVerifiedWallet,
} from '../../core/farms/repository.ts';
import { releaseUntrackedPairs } from '../../core/farms/tracked-pairs.ts';
import { loadReturns, toHistoryStatus } from '../../core/history/position-returns.ts';
import { markPriceSources } from '../../core/history/price-source-marks.ts';
import { loadBackfills } from '../../core/history/repository.ts';
import type { SnapshotPipeline } from '../../core/snapshots/pipeline.ts';
import {
  asPriceError,
  type PriceSources,
  priceChoiceOf,
  resolvePrices,
} from '../../core/snapshots/prices.ts';
import { renderPositionsCsv } from './positions-csv.ts';

const pendingBackfill = { status: 'pending', days_done: 0, days_total: 0, error: null, gaps: null };
/** Every QuickSwap (Uniswap V2) LP token has 18 decimals. */
const uniswapV2LpDecimals = 18;
/** A CSV holds the whole history (the detail's chart is bounded; a download need not be). */
const csvRowLimit = 1_000_000;

export type FarmsServiceDeps = {
  db: Kysely<Database>;
  chainId: number;
  /** Absent when no chain is configured: refreshes then answer CHAIN_UNAVAILABLE. */
  writer?: SnapshotPipeline | undefined;
  prices?: PriceSources | undefined;
  now?: () => Date;
  /** Where a failed first snapshot after tracking is reported (tracking still succeeds). */
  logWarn?: (object: object, message: string) => void;
  /** Old QUICK and old dQUICK, named apart on every screen. */
  oldTokens?: OldTokens;
};

type Item<K extends FarmKind> = K extends 'lp' ? LpFarmListItem : DualFarmListItem;
const productName = { lp: 'liquidity-mining', dual: 'dual-mining' } as const;

export type FarmsService = ReturnType<typeof createFarmsService>;

/** History rows (newest first) with their price sources and a mark where one changed (decision 021). */
function withSourceMarks<T>(history: PositionSnapshotRow[], toWire: (row: PositionSnapshotRow) => T) {
  const marked = markPriceSources([...history].reverse(), (row) => row.price_sources).reverse();
  return marked.map((row) => ({
    ...toWire(row),
    price_sources: row.price_sources,
    price_source_changed: row.price_source_changed,
  }));
}

/** The farms feature's operations, one per endpoint; framework-free. */
export function createFarmsService(deps: FarmsServiceDeps) {
  const { db, chainId } = deps;
  const now = deps.now ?? (() => new Date());

  function requireWriter(): SnapshotPipeline {
    if (!deps.writer)
      throw new AppError('CHAIN_UNAVAILABLE', 'no blockchain node is configured on this server');
    return deps.writer;
  }

  /** Builds list items for (farm, account) pairs; account null = no position wanted. */
  /**
   * List items for (farm, account) pairs. `isPrivate` pairs answer as an account nobody tracks would (no
   * position, schedule or history): the viewer does not track them, and positions are private (issue 31).
   */
  async function toItems<K extends FarmKind>(
    kind: K,
    pairs: { farmId: number; account: string | null; isTracked?: boolean; isPrivate?: boolean }[],
    views?: FarmView[],
  ): Promise<Item<K>[]> {
    const farmIds = [...new Set(pairs.map((p) => p.farmId))];
    const loaded = views ?? (await loadFarmViews(db, { chainId, kind, farmIds }, deps.oldTokens));
    const viewOf = new Map(loaded.map((v) => [v.id, v]));
    const accounts = pairs.flatMap((p) => (p.account && !p.isPrivate ? [p.account] : []));
    const [positions, schedules, backfills] = await Promise.all([
      loadLatestPositions(db, farmIds, accounts),
      loadSchedules(db, farmIds, accounts),
      loadBackfills(db, farmIds, accounts),
    ]);
    return pairs.flatMap((pair) => {
      const view = viewOf.get(pair.farmId);
      if (!view || view.kind !== kind) return [];
      const account = pair.account ? getAddress(pair.account) : null;
      const key = account && !pair.isPrivate ? positionKey(pair.farmId, account) : undefined;
      const row = key ? positions.get(key) : undefined;
      const position = row ? (kind === 'lp' ? toLpPosition(row) : toDualPosition(row)) : null;
      const schedule = key ? schedules.get(key) : undefined;
      const automatic_snapshot = schedule
        ? {
            next_at: schedule.next_due_at,
            last_error: schedule.last_error,
            last_error_at: schedule.last_error_at,
          }
        : null;
      return [
        {
          ...view.item,
          account_address: account,
          farm_position_snapshot: position,
          automatic_snapshot,
          history: account
            ? toHistoryStatus(
                (key ? backfills.get(key) : undefined) ?? (pair.isTracked ? pendingBackfill : undefined),
              )
            : null,
        } as Item<K>,
      ];
    });
  }

  async function requireFarm(kind: FarmKind | undefined, address: string) {
    const farm = await findFarmByAddress(db, chainId, address);
    if (!farm || (kind && farm.kind !== kind)) {
      const what = kind ? `${productName[kind]} farm` : 'farm';
      throw new AppError('NOT_FOUND', `no ${what} ${getAddress(address)} has been imported`);
    }
    return farm;
  }

  /**
   * Every imported farm of a kind. With an account, each item carries that account's position only for a
   * viewer (a valid session's user) who tracks that (farm, account); anyone else gets the same answer as
   * for an address nobody tracks, so the list does not tell which addresses are tracked here.
   */
  async function listFarms<K extends FarmKind>(
    kind: K,
    account?: string,
    viewerId?: number | null,
  ): Promise<Item<K>[]> {
    const views = await loadFarmViews(db, { chainId, kind }, deps.oldTokens);
    const viewersFarms =
      account && viewerId
        ? new Set(
            (await findTrackedFarms(db, { userId: viewerId, walletAddress: account })).map((t) => t.farmId),
          )
        : new Set<number>();
    return toItems(
      kind,
      views.map((v) => ({ farmId: v.id, account: account ?? null, isPrivate: !viewersFarms.has(v.id) })),
      views,
    );
  }

  async function trackFarm<K extends FarmKind>(
    kind: K,
    userId: number,
    input: { farm_address: string; wallet_address: string },
  ): Promise<{ is_new: boolean; item: Item<K>; snapshot_error: string | null }> {
    const farm = await requireFarm(kind, input.farm_address);
    const wallet = getAddress(input.wallet_address);
    if (!(await isVerifiedWallet(db, userId, wallet, chainId))) {
      throw new AppError('FORBIDDEN', `${wallet} is not one of your verified wallets`);
    }
    const isNew = await insertTrackedFarm(db, { userId, farmId: farm.id, walletAddress: wallet }, now());
    // A freshly tracked wallet gets its first position at once, so the card is not empty; a chain
    // failure here does not undo the tracking (the card's refresh retries).
    let snapshotError: string | null = null;
    if (!(await hasPositionSnapshot(db, farm.id, wallet))) {
      try {
        await requireWriter().refreshSnapshots({
          farms: [{ address: getAddress(farm.address), kind: farm.kind }],
          accounts: [wallet],
        });
      } catch (error) {
        snapshotError = error instanceof AppError ? error.message : 'the first snapshot failed';
        deps.logWarn?.({ err: error }, 'first position snapshot after tracking failed');
      }
    }
    const [item] = await toItems(kind, [{ farmId: farm.id, account: wallet, isTracked: true }]);
    return { is_new: isNew, item: item!, snapshot_error: snapshotError };
  }

  async function listTracked<K extends FarmKind>(
    kind: K,
    userId: number,
    wallet?: string,
  ): Promise<Item<K>[]> {
    const tracked = await findTrackedFarms(db, {
      userId,
      kind,
      ...(wallet ? { walletAddress: wallet } : {}),
    });
    return toItems(
      kind,
      tracked.map((t) => ({ farmId: t.farmId, account: t.walletAddress, isTracked: true })),
    );
  }

  async function refreshFarm<K extends FarmKind>(
    kind: K,
    userId: number,
    farmAddress: string,
    account: string,
  ): Promise<Item<K>> {
    const farm = await requireFarm(kind, farmAddress);
    const wallet = getAddress(account);
    if (!(await isTracking(db, { userId, farmId: farm.id, walletAddress: wallet }))) {
      throw new AppError('FORBIDDEN', `you do not track this farm with ${wallet}: track it first`);
    }
    await requireWriter().refreshSnapshots({
      farms: [{ address: getAddress(farm.address), kind: farm.kind }],
      accounts: [wallet],
    });
    const [item] = await toItems(kind, [{ farmId: farm.id, account: wallet, isTracked: true }]);
    return item!;
  }

  /**
   * A farm's detail. With an account it is the position's too (history, returns, chart), private to a
   * user tracking that pair: anyone else gets 404, as if there were nothing to see.
   */
  async function getFarmDetail(
    address: string,
    account?: { address: string; userId: number },
  ): Promise<FarmDetail> {
    const farm = await requireFarm(undefined, address);
    const wallet = account ? getAddress(account.address) : null;
    if (
      account &&
      !(await isTracking(db, { userId: account.userId, farmId: farm.id, walletAddress: wallet! }))
    ) {
      throw new AppError('NOT_FOUND', `you do not track farm ${getAddress(address)} with ${wallet}`);
    }
    const [view] = await loadFarmViews(db, { chainId, farmIds: [farm.id] }, deps.oldTokens);
    const history = wallet ? await loadPositionHistory(db, farm.id, wallet) : [];
    const position = wallet
      ? await positionExtras(view!, wallet, history)
      : { returns: null, chart: [], history: null };
    if (view!.kind === 'lp') {
      return {
        ...view!.item,
        account_address: wallet,
        farm_position_snapshots: withSourceMarks(history, toLpPosition),
        ...position,
      };
    }
    return {
      ...view!.item,
      account_address: wallet,
      farm_position_snapshots: withSourceMarks(history, toDualPosition),
      ...position,
    };
  }

  /** The pair's position snapshots as CSV (oldest first), under the same privacy as the detail. */
  async function getPositionsCsv(
    address: string,
    account: { address: string; userId: number },
  ): Promise<{ filename: string; csv: string }> {
    const farm = await requireFarm(undefined, address);
    const wallet = getAddress(account.address);
    if (!(await isTracking(db, { userId: account.userId, farmId: farm.id, walletAddress: wallet }))) {
      throw new AppError('NOT_FOUND', `you do not track farm ${getAddress(address)} with ${wallet}`);
    }
    const [view] = await loadFarmViews(db, { chainId, farmIds: [farm.id] }, deps.oldTokens);
    const history = await loadPositionHistory(db, farm.id, wallet, csvRowLimit);
    const { chart } = await positionExtras(view!, wallet, history);
    const { farm: farmItem } = view!.item;
    const rewardA = farmItem.kind === 'lp' ? farmItem.reward_token : farmItem.reward_token_a;
    const rewardB = farmItem.kind === 'dual' ? farmItem.reward_token_b : null;
    const csv = renderPositionsCsv(history, chart, {
      lpDecimals: uniswapV2LpDecimals,
      rewardA: { symbol: rewardA.symbol, decimals: rewardA.decimals },
      rewardB: rewardB ? { symbol: rewardB.symbol, decimals: rewardB.decimals } : null,
      tokenSymbols: new Map(
        [view!.item.pool.token0, view!.item.pool.token1, rewardA, ...(rewardB ? [rewardB] : [])].map((t) => [
          t.address.toLowerCase(),
          t.symbol,
        ]),
      ),
    });
    return { filename: `tidewatch-${farm.address.slice(0, 10)}-${wallet.slice(0, 10)}.csv`, csv };
  }

  async function positionExtras(view: FarmView, wallet: string, history: PositionSnapshotRow[]) {
    const { pool } = view.item;
    const farmRow = await findFarmByAddress(db, chainId, view.item.farm.address);
    const { returns, chart } = await loadReturns(
      db,
      {
        farmId: view.id,
        kind: view.kind,
        poolId: farmRow!.pool_id,
        decimals0: pool.token0.decimals,
        decimals1: pool.token1.decimals,
        account: wallet,
      },
      history,
    );
    const backfills = await loadBackfills(db, [view.id], [wallet]);
    // A pair tracked a moment ago has no history row until a worker's next tick: it is about to start.
    const status = toHistoryStatus(backfills.get(positionKey(view.id, wallet)) ?? pendingBackfill);
    return { returns, chart, history: status };
  }

  async function createTokenSnapshots(): Promise<TokenSnapshotsResponse> {
    if (!deps.prices) throw new AppError('PRICE_UNAVAILABLE', 'no price source is configured on this server');
    const tokens = await findTokensInUse(db, chainId);
    const createdOn = now().toISOString();
    // On-chain prices of every token in use, in one aggregate3 that also tells its block.
    const onchain =
      tokens.length === 0
        ? new Map()
        : await deps.prices.onchain
            .getUsdPrices(tokens.map((t) => ({ address: t.address as Address })))
            .catch((error: unknown) => {
              throw asPriceError(error, 'on-chain');
            });
    const onchainPrices = new Map(
      [...onchain].map(([key, quote]) => [key, { usd: quote.usd, route: quote.route ?? null }]),
    );
    // The same rule as every snapshot (decision 021): a token snapshot never disagrees with a position's.
    const prices = await resolvePrices(
      deps.prices,
      tokens.map((t) => ({
        address: t.address as Address,
        coinmarketcapId: t.coinmarketcap_id,
        priceChoice: priceChoiceOf(t.price_choice),
      })),
      onchainPrices,
    );
    const readAt = [...onchain.values()][0]?.blockNumber;
    const blockNumber = readAt === undefined ? null : Number(readAt);
    if (tokens.length > 0) {
      await db
        .insertInto('token_snapshots')
        .values(
          tokens.map((t) => {
            const price = prices.get(t.address.toLowerCase()) ?? {
              usd: null,
              source: null,
              onchainUsd: null,
            };
            return {
              token_id: t.id,
              price_usd: price.usd,
              price_source: price.source,
              onchain_price_usd: price.onchainUsd,
              block_number: blockNumber,
              created_on: createdOn,
            };
          }),
        )
        .execute();
    }
    return { count: tokens.length, created_on: createdOn, block_number: blockNumber };
  }

  async function getTools(): Promise<ToolsResponse> {
    const views = await loadFarmViews(db, { chainId }, deps.oldTokens);
    const farmsOf = (kind: FarmKind) =>
      views
        .filter((v) => v.kind === kind)
        .map((v) => ({
          address: v.item.farm.address,
          pool: {
            token0: { symbol: v.item.pool.token0.symbol },
            token1: { symbol: v.item.pool.token1.symbol },
          },
        }));
    return {
      tools: [
        {
          id: 'quickswap',
          name: 'quickswap',
          products: [
            { name: 'lp-mining', farms: farmsOf('lp') },
            { name: 'dual-mining', farms: farmsOf('dual') },
          ],
        },
      ],
    };
  }

  /**
   * Stops tracking a farm with a wallet. Its history stays (tracking it again shows it) unless
   * `deleteHistory`, and nobody else tracks that pair; schedule and history job go with the last tracker.
   */
  async function untrackFarm(
    userId: number,
    farmAddress: string,
    wallet: string,
    deleteHistory: boolean,
  ): Promise<UntrackResponse> {
    const farm = await requireFarm(undefined, farmAddress);
    const address = getAddress(wallet);
    return db.transaction().execute(async (trx) => {
      const deleted = await trx
        .deleteFrom('tracked_farms')
        .where('user_id', '=', userId)
        .where('farm_id', '=', farm.id)
        .where('wallet_address', '=', address)
        .executeTakeFirst();
      if (Number(deleted.numDeletedRows) === 0) {
        throw new AppError('NOT_FOUND', `you do not track farm ${getAddress(farmAddress)} with ${address}`);
      }
      const snapshots = await releaseUntrackedPairs(trx, [{ farmId: farm.id, wallet: address }], {
        deleteHistory,
      });
      return { untracked: true as const, deleted_snapshots: snapshots };
    });
  }

  /** The user's tracked positions added up: value, its change over 24 hours, profit and loss. */
  async function getPortfolio(userId: number): Promise<Portfolio> {
    const pairs = await findTrackedFarms(db, { userId });
    const views = new Map(
      (await loadFarmViews(db, { chainId, farmIds: pairs.map((p) => p.farmId) }, deps.oldTokens)).map((v) => [
        v.id,
        v,
      ]),
    );
    const dayAgo = new Date(now().getTime() - 86_400_000).toISOString();
    const totals: Portfolio = {
      positions: 0,
      value_usd: 0,
      change_24h_usd: 0,
      pnl_usd: 0,
      unknown: { value: 0, change_24h: 0, pnl: 0 },
    };
    const add = (key: 'value' | 'change_24h' | 'pnl', value: number | null) => {
      if (value === null) totals.unknown[key] += 1;
      else totals[`${key}_usd`] += value;
    };
    for (const pair of pairs) {
      const view = views.get(pair.farmId);
      if (!view) continue;
      totals.positions += 1;
      const latest = await loadPositionHistory(db, pair.farmId, pair.walletAddress, 1);
      const before = await loadPositionAtOrBefore(db, pair.farmId, pair.walletAddress, dayAgo);
      const value = latest[0]?.total_liquidity_usd ?? null;
      const then = before?.total_liquidity_usd ?? null;
      add('value', value);
      add('change_24h', value === null || then === null ? null : value - then);
      add('pnl', (await positionExtras(view, pair.walletAddress, latest)).returns.pnl_usd);
    }
    return totals;
  }

  async function getTrackedSummary(userId: number): Promise<TrackedSummary> {
    return { lp_mining: await listTracked('lp', userId), dual_mining: await listTracked('dual', userId) };
  }

  return {
    listFarms,
    trackFarm,
    listTracked,
    refreshFarm,
    getFarmDetail,
    getPositionsCsv,
    createTokenSnapshots,
    getTools,
    getTrackedSummary,
    getPortfolio,
    untrackFarm,
  };
}
