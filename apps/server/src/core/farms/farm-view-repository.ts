import type {
  DualFarmListItem,
  DualFarmSnapshot,
  DualPositionSnapshot,
  FarmKind,
  LpFarmListItem,
  LpFarmSnapshot,
  LpPositionSnapshot,
  Pool,
  PoolSnapshot,
  TokenRef,
} from '@tidewatch/shared';
import { type RawBuilder, sql } from 'kysely';
import { getAddress } from 'viem';
import { labelSymbol, type OldTokens } from '../chain/token-labels.ts';
import type { DbOrTrx } from '../db/index.ts';
import type { FarmSnapshotRow, PoolSnapshotRow, PositionSnapshotRow } from '../db/tables/farms.ts';

/**
 * Read side: database rows to the wire shapes of packages/shared/src/farms.ts. The mapping from
 * column names to the spec's field names lives here and nowhere else.
 */

/**
 * 1 for the newest snapshot of each group (highest block, then id). Not max(id): the history job writes
 * past days after newer rows.
 */
export function newestRank(
  partition: 'pool_id' | 'farm_id' | 'farm_id, account_address',
): RawBuilder<number> {
  return sql<number>`row_number() over (partition by ${sql.raw(partition)} order by block_number desc, id desc)`;
}

type LpFarmView = {
  id: number;
  /** The farm's pool row (its prices at a block are in pool_snapshots). */
  poolId: number;
  kind: 'lp';
  item: Omit<LpFarmListItem, 'account_address' | 'farm_position_snapshot'>;
};
type DualFarmView = {
  id: number;
  poolId: number;
  kind: 'dual';
  item: Omit<DualFarmListItem, 'account_address' | 'farm_position_snapshot'>;
};
export type FarmView = LpFarmView | DualFarmView;

function toPoolSnapshot(row: PoolSnapshotRow): PoolSnapshot {
  return {
    total_liquidity_usd: row.total_liquidity_usd,
    created_on: row.created_on,
    reserve0: row.reserve0,
    reserve1: row.reserve1,
    total_supply: row.total_supply,
    price0_usd: row.price0_usd,
    price1_usd: row.price1_usd,
    block_number: Number(row.block_number),
  };
}

function farmSnapshotBase(row: FarmSnapshotRow) {
  return {
    total_liquidity_usd: row.total_liquidity_usd,
    share_of_pool: row.share_of_pool,
    created_on: row.created_on,
    apr: row.apr,
    period_finish: row.period_finish,
    is_ended: Boolean(row.is_ended),
    total_supply: row.total_supply,
    block_number: Number(row.block_number),
  };
}

const toLpFarmSnapshot = (row: FarmSnapshotRow): LpFarmSnapshot => ({
  ...farmSnapshotBase(row),
  reward_rate: row.reward_rate_a,
});

const toDualFarmSnapshot = (row: FarmSnapshotRow): DualFarmSnapshot => ({
  ...farmSnapshotBase(row),
  reward_rate_a: row.reward_rate_a,
  reward_rate_b: row.reward_rate_b ?? '0',
  is_paused: Boolean(row.is_paused),
});

function positionBase(row: PositionSnapshotRow) {
  return {
    account_address: row.account_address,
    total_liquidity_usd: row.total_liquidity_usd,
    staked: row.staked,
    share_of_farm: row.share_of_farm,
    created_on: row.created_on,
    block_number: Number(row.block_number),
  };
}

export const toLpPosition = (row: PositionSnapshotRow): LpPositionSnapshot => ({
  ...positionBase(row),
  earned: row.earned_a,
  earned_in_usd: row.earned_a_in_usd,
});

export const toDualPosition = (row: PositionSnapshotRow): DualPositionSnapshot => ({
  ...positionBase(row),
  earned_a: row.earned_a,
  earned_a_in_usd: row.earned_a_in_usd,
  earned_b: row.earned_b ?? '0',
  earned_b_in_usd: row.earned_b_in_usd,
});

/** Farms joined to their pool (`pools`), pair tokens (`t0`, `t1`) and reward tokens (`ra`; `rb` when dual). */
export function selectFarmsWithTokens(db: DbOrTrx) {
  return db
    .selectFrom('farms')
    .innerJoin('pools', 'pools.id', 'farms.pool_id')
    .innerJoin('tokens as t0', 't0.id', 'pools.token0_id')
    .innerJoin('tokens as t1', 't1.id', 'pools.token1_id')
    .innerJoin('tokens as ra', 'ra.id', 'farms.reward_token_a_id')
    .leftJoin('tokens as rb', 'rb.id', 'farms.reward_token_b_id');
}

/** Farms with their pool, tokens and latest pool and farm snapshots, in import order. */
export async function loadFarmViews(
  db: DbOrTrx,
  filter: { chainId: number; kind?: FarmKind; farmIds?: number[]; address?: string },
  /** Old QUICK and old dQUICK: their symbols read 'QUICK (old)' / 'dQUICK (old)' on every screen. */
  oldTokens?: OldTokens,
): Promise<FarmView[]> {
  const tokenRef = (address: string, symbol: string, decimals: number): TokenRef => ({
    address,
    symbol: oldTokens ? labelSymbol(oldTokens, address, symbol) : symbol,
    decimals,
  });
  if (filter.farmIds?.length === 0) return [];
  let query = selectFarmsWithTokens(db)
    .select([
      'farms.id',
      'farms.kind',
      'farms.address',
      'farms.url',
      'farms.chain_id',
      'pools.id as pool_id',
      'pools.address as pool_address',
      't0.address as t0_address',
      't0.symbol as t0_symbol',
      't0.decimals as t0_decimals',
      't1.address as t1_address',
      't1.symbol as t1_symbol',
      't1.decimals as t1_decimals',
      'ra.address as ra_address',
      'ra.symbol as ra_symbol',
      'ra.decimals as ra_decimals',
      'rb.address as rb_address',
      'rb.symbol as rb_symbol',
      'rb.decimals as rb_decimals',
    ])
    .where('farms.chain_id', '=', filter.chainId);
  if (filter.kind) query = query.where('farms.kind', '=', filter.kind);
  if (filter.farmIds) query = query.where('farms.id', 'in', filter.farmIds);
  if (filter.address) query = query.where('farms.address', '=', getAddress(filter.address));
  const rows = await query.orderBy('farms.id').execute();
  if (rows.length === 0) return [];

  const poolIds = [...new Set(rows.map((r) => r.pool_id))];
  const farmIds = rows.map((r) => r.id);
  const poolSnapshots = await db
    .selectFrom('pool_snapshots')
    .selectAll()
    .where('id', 'in', (eb) =>
      eb
        .selectFrom(
          eb
            .selectFrom('pool_snapshots')
            .select(['id', newestRank('pool_id').as('rank')])
            .where('pool_id', 'in', poolIds)
            .as('ranked'),
        )
        .select('ranked.id')
        .where('ranked.rank', '=', 1),
    )
    .execute();
  const farmSnapshots = await db
    .selectFrom('farm_snapshots')
    .selectAll()
    .where('id', 'in', (eb) =>
      eb
        .selectFrom(
          eb
            .selectFrom('farm_snapshots')
            .select(['id', newestRank('farm_id').as('rank')])
            .where('farm_id', 'in', farmIds)
            .as('ranked'),
        )
        .select('ranked.id')
        .where('ranked.rank', '=', 1),
    )
    .execute();
  const poolSnapshotOf = new Map(poolSnapshots.map((s) => [s.pool_id, s]));
  const farmSnapshotOf = new Map(farmSnapshots.map((s) => [s.farm_id, s]));

  return rows.map((r): FarmView => {
    const poolSnapshot = poolSnapshotOf.get(r.pool_id);
    const pool: Pool = {
      address: r.pool_address,
      token0: tokenRef(r.t0_address, r.t0_symbol, r.t0_decimals),
      token1: tokenRef(r.t1_address, r.t1_symbol, r.t1_decimals),
      snapshot: poolSnapshot ? toPoolSnapshot(poolSnapshot) : null,
    };
    const farmSnapshot = farmSnapshotOf.get(r.id);
    const base = { address: r.address, url: r.url, chain_id: r.chain_id };
    const rewardA = tokenRef(r.ra_address, r.ra_symbol, r.ra_decimals);
    if (r.kind === 'lp') {
      return {
        id: r.id,
        poolId: r.pool_id,
        kind: 'lp',
        item: {
          farm: {
            ...base,
            kind: 'lp',
            reward_token: rewardA,
            snapshot: farmSnapshot ? toLpFarmSnapshot(farmSnapshot) : null,
          },
          pool,
        },
      };
    }
    return {
      id: r.id,
      poolId: r.pool_id,
      kind: 'dual',
      item: {
        farm: {
          ...base,
          kind: 'dual',
          reward_token_a: rewardA,
          reward_token_b: tokenRef(r.rb_address ?? '', r.rb_symbol ?? '', r.rb_decimals ?? 18),
          snapshot: farmSnapshot ? toDualFarmSnapshot(farmSnapshot) : null,
        },
        pool,
      },
    };
  });
}
