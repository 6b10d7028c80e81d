import type { TokenRef, V3TrackedSummary } from '@tidewatch/shared';
import type { Insertable, Kysely } from 'kysely';
import { getAddress } from 'viem';
import type { Database, DbOrTrx } from '../db/index.ts';
import type { V3PositionSnapshotRow, V3PositionsTables } from '../db/tables/v3-positions.ts';
import { type TokenInput, upsertToken } from '../farms/repository.ts';

/** Tracked V3 positions and their snapshots, in SQL (migration 021). Writers take a DbOrTrx. */

/** What never changes about a position: its pool, tokens and range. */
export type V3PositionInput = {
  chainId: number;
  tokenId: string;
  poolAddress: string;
  token0: TokenInput;
  token1: TokenInput;
  tickLower: number;
  tickUpper: number;
};

/** A tracked position with its pool's tokens, as lists show it. */
export type TrackedV3Position = {
  id: number;
  userId: number;
  positionId: number;
  tokenId: string;
  wallet: string;
  poolAddress: string;
  token0: TokenRef;
  token1: TokenRef;
  tickLower: number;
  tickUpper: number;
  createdAt: string;
};

/** The position's row, created (with its tokens) when first tracked; answers its id. */
export async function upsertV3Position(db: DbOrTrx, input: V3PositionInput, now: Date): Promise<number> {
  const token0Id = await upsertToken(db, input.chainId, input.token0, now);
  const token1Id = await upsertToken(db, input.chainId, input.token1, now);
  const row = await db
    .insertInto('v3_positions')
    .values({
      chain_id: input.chainId,
      token_id: input.tokenId,
      pool_address: getAddress(input.poolAddress),
      token0_id: token0Id,
      token1_id: token1Id,
      tick_lower: input.tickLower,
      tick_upper: input.tickUpper,
      created_at: now.toISOString(),
    })
    // DO UPDATE, not DO NOTHING, so that RETURNING yields the existing row's id on both databases.
    .onConflict((oc) =>
      oc.columns(['chain_id', 'token_id']).doUpdateSet((eb) => ({ token_id: eb.ref('excluded.token_id') })),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Tracks a position with a wallet; answers the tracked row's id and whether it was new. */
export async function insertTrackedV3Position(
  db: DbOrTrx,
  row: { userId: number; positionId: number; wallet: string; now: Date },
): Promise<{ id: number; isNew: boolean }> {
  const wallet = getAddress(row.wallet);
  const inserted = await db
    .insertInto('v3_tracked_positions')
    .values({
      user_id: row.userId,
      position_id: row.positionId,
      wallet_address: wallet,
      created_at: row.now.toISOString(),
    })
    .onConflict((oc) => oc.columns(['user_id', 'position_id', 'wallet_address']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return { id: inserted.id, isNew: true };
  const existing = await db
    .selectFrom('v3_tracked_positions')
    .select('id')
    .where('user_id', '=', row.userId)
    .where('position_id', '=', row.positionId)
    .where('wallet_address', '=', wallet)
    .executeTakeFirstOrThrow();
  return { id: existing.id, isNew: false };
}

/**
 * Stops a user's tracking by its id; answers the position it tracked, or undefined when the user has no
 * such row. A position nobody tracks any more keeps its snapshots and events (another user may track it
 * again); its schedule row goes at the next reconcile.
 */
export async function deleteTrackedV3Position(
  db: DbOrTrx,
  userId: number,
  trackedId: number,
): Promise<{ positionId: number } | undefined> {
  // Looked up first: on PostgreSQL a DELETE that matches nothing still fires the statement trigger that
  // raises data_version, and a refused request must write nothing (it would empty every cached read).
  const row = await db
    .selectFrom('v3_tracked_positions')
    .select('position_id')
    .where('id', '=', trackedId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return undefined;
  await db
    .deleteFrom('v3_tracked_positions')
    .where('id', '=', trackedId)
    .where('user_id', '=', userId)
    .execute();
  return { positionId: row.position_id };
}

/** A position's pool tokens as a row carries them, from its joins `tokens as t0` and `tokens as t1`. */
export const poolTokenColumns = [
  't0.address as token0_address',
  't0.symbol as token0_symbol',
  't0.decimals as token0_decimals',
  't1.address as token1_address',
  't1.symbol as token1_symbol',
  't1.decimals as token1_decimals',
] as const;

function selectTracked(db: DbOrTrx) {
  return db
    .selectFrom('v3_tracked_positions as t')
    .innerJoin('v3_positions as p', 'p.id', 't.position_id')
    .innerJoin('tokens as t0', 't0.id', 'p.token0_id')
    .innerJoin('tokens as t1', 't1.id', 'p.token1_id')
    .select([
      't.id',
      't.user_id',
      't.position_id',
      't.wallet_address',
      't.created_at',
      'p.token_id',
      'p.pool_address',
      'p.tick_lower',
      'p.tick_upper',
      ...poolTokenColumns,
    ]);
}

type TrackedRow = Awaited<ReturnType<ReturnType<typeof selectTracked>['execute']>>[number];

const toTracked = (r: TrackedRow): TrackedV3Position => ({
  id: r.id,
  userId: r.user_id,
  positionId: r.position_id,
  tokenId: r.token_id,
  wallet: r.wallet_address,
  poolAddress: r.pool_address,
  token0: { address: r.token0_address, symbol: r.token0_symbol, decimals: r.token0_decimals },
  token1: { address: r.token1_address, symbol: r.token1_symbol, decimals: r.token1_decimals },
  tickLower: r.tick_lower,
  tickUpper: r.tick_upper,
  createdAt: r.created_at,
});

/** The user's tracked positions (with one wallet, when given), oldest first. */
export async function findTrackedV3Positions(
  db: DbOrTrx,
  userId: number,
  options: { chainId: number; wallet?: string },
): Promise<TrackedV3Position[]> {
  let query = selectTracked(db).where('t.user_id', '=', userId).where('p.chain_id', '=', options.chainId);
  if (options.wallet) query = query.where('t.wallet_address', '=', getAddress(options.wallet));
  return (await query.orderBy('t.id').execute()).map(toTracked);
}

/** The user's tracking of one position with one wallet, if any. */
export async function findTrackedV3Position(
  db: DbOrTrx,
  userId: number,
  key: { chainId: number; tokenId: string; wallet: string },
): Promise<TrackedV3Position | undefined> {
  const row = await selectTracked(db)
    .where('t.user_id', '=', userId)
    .where('p.chain_id', '=', key.chainId)
    .where('p.token_id', '=', key.tokenId)
    .where('t.wallet_address', '=', getAddress(key.wallet))
    .executeTakeFirst();
  return row ? toTracked(row) : undefined;
}

/** Every (user, wallet) tracking a position, with where and whether they take alert e-mails. */
export function findV3Trackers(db: Kysely<Database>, positionId: number) {
  return db
    .selectFrom('v3_tracked_positions as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select(['u.id', 'u.email', 'u.alert_email', 't.wallet_address'])
    .where('t.position_id', '=', positionId)
    .execute();
}

/**
 * The users tracking any of these positions, each with the NFT ids of those they track (with any of their
 * wallets): whom a stored batch's realtime event goes to.
 */
export async function findUsersTrackingV3Positions(
  db: DbOrTrx,
  positionIds: number[],
): Promise<Map<number, string[]>> {
  if (positionIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('v3_tracked_positions as t')
    .innerJoin('v3_positions as p', 'p.id', 't.position_id')
    .select(['t.user_id', 'p.token_id'])
    .distinct()
    .where('t.position_id', 'in', positionIds)
    .execute();
  const tokenIdsByUser = new Map<number, string[]>();
  for (const row of rows) {
    const tokenIds = tokenIdsByUser.get(row.user_id) ?? [];
    tokenIds.push(row.token_id);
    tokenIdsByUser.set(row.user_id, tokenIds);
  }
  return tokenIdsByUser;
}

/**
 * Stores snapshots; a position already snapshotted at that block (two refreshes at once read the same
 * block) keeps its row. Answers how many were new.
 */
export async function insertV3Snapshots(
  db: DbOrTrx,
  rows: Insertable<V3PositionsTables['v3_position_snapshots']>[],
): Promise<number> {
  if (rows.length === 0) return 0;
  const result = await db
    .insertInto('v3_position_snapshots')
    .values(rows)
    .onConflict((oc) => oc.columns(['position_id', 'block_number']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

/** The newest snapshot (highest block) of each position. */
export async function loadNewestV3Snapshots(
  db: DbOrTrx,
  positionIds: number[],
): Promise<Map<number, V3PositionSnapshotRow>> {
  if (positionIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('v3_position_snapshots as s')
    .selectAll('s')
    .where('s.position_id', 'in', positionIds)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('v3_position_snapshots as n')
            .select('n.id')
            .whereRef('n.position_id', '=', 's.position_id')
            .whereRef('n.block_number', '>', 's.block_number'),
        ),
      ),
    )
    .execute();
  return new Map(rows.map((row) => [row.position_id, row]));
}

/** Every snapshot of a position, oldest first. */
export function loadV3Snapshots(db: DbOrTrx, positionId: number): Promise<V3PositionSnapshotRow[]> {
  return db
    .selectFrom('v3_position_snapshots')
    .selectAll()
    .where('position_id', '=', positionId)
    .orderBy('block_number')
    .execute();
}

/**
 * The snapshots of a position around its newest state change: the newest snapshot before `block` whose
 * in-range flag differs from `inRange` (undefined when it never did), and the first snapshot after that one
 * (where the current state began: the crossing).
 */
export async function findV3Crossing(
  db: DbOrTrx,
  positionId: number,
  inRange: boolean,
  block: number,
): Promise<{ hadOpposite: boolean; crossingBlock: number }> {
  const opposite = await db
    .selectFrom('v3_position_snapshots')
    .select('block_number')
    .where('position_id', '=', positionId)
    .where('in_range', '=', inRange ? 0 : 1)
    .where('block_number', '<', block)
    .orderBy('block_number', 'desc')
    .limit(1)
    .executeTakeFirst();
  let first = db
    .selectFrom('v3_position_snapshots')
    .select('block_number')
    .where('position_id', '=', positionId)
    .where('block_number', '<=', block);
  if (opposite) first = first.where('block_number', '>', Number(opposite.block_number));
  const start = await first.orderBy('block_number').limit(1).executeTakeFirst();
  return { hadOpposite: opposite !== undefined, crossingBlock: Number(start?.block_number ?? block) };
}

/**
 * The dashboard's V3 summary: how many positions the user tracks and their value from the newest
 * snapshots. The sum counts the known values only; `unknown` says how many were left out (no snapshot yet,
 * or a token without a price), and `value_usd` is null when none is known while some are tracked.
 */
export async function summariseTrackedV3Positions(
  db: DbOrTrx,
  userId: number,
  chainId: number,
): Promise<V3TrackedSummary> {
  const tracked = await findTrackedV3Positions(db, userId, { chainId });
  const newest = await loadNewestV3Snapshots(db, [...new Set(tracked.map((t) => t.positionId))]);
  let total = 0;
  let unknown = 0;
  for (const position of tracked) {
    const value = newest.get(position.positionId)?.value_usd ?? null;
    if (value === null) unknown += 1;
    else total += value;
  }
  const isNoneKnown = tracked.length > 0 && unknown === tracked.length;
  return { count: tracked.length, value_usd: isNoneKnown ? null : total, unknown };
}

/** Positions by id with their pool's tokens (what an alert names). */
export async function findV3PositionsWithTokens(db: DbOrTrx, positionIds: number[]) {
  if (positionIds.length === 0) return [];
  return db
    .selectFrom('v3_positions as p')
    .innerJoin('tokens as t0', 't0.id', 'p.token0_id')
    .innerJoin('tokens as t1', 't1.id', 'p.token1_id')
    .select([
      'p.id',
      'p.token_id',
      'p.pool_address',
      'p.tick_lower',
      'p.tick_upper',
      't0.address as token0_address',
      't0.symbol as token0_symbol',
      't1.address as token1_address',
      't1.symbol as token1_symbol',
    ])
    .where('p.id', 'in', positionIds)
    .execute();
}

/** The token ids a user tracks with a wallet (`is_tracked` of the positions the API lists). */
export async function findTrackedV3TokenIds(
  db: DbOrTrx,
  userId: number,
  options: { chainId: number; wallet: string },
): Promise<Set<string>> {
  const rows = await db
    .selectFrom('v3_tracked_positions as t')
    .innerJoin('v3_positions as p', 'p.id', 't.position_id')
    .select('p.token_id')
    .where('t.user_id', '=', userId)
    .where('p.chain_id', '=', options.chainId)
    .where('t.wallet_address', '=', getAddress(options.wallet))
    .execute();
  return new Set(rows.map((r) => r.token_id));
}
