import type { DbOrTrx } from '../db/index.ts';
import type { V3PositionEventRow } from '../db/tables/v3-positions.ts';
import { pairTokenColumns } from './books-repository.ts';
import type { V3EventsInput } from './v3-rows.ts';

/** Whose V3 positions: a wallet on a chain; `only` narrows the answer to one position. */
type V3Scope = { chainId: number; only?: { farmId: number } | { positionId: number } };

/** A V3 position of the wallet with its pair's tokens; `is_held`: see v3PositionsWithHistory. */
type V3PositionOfWallet = {
  position_id: number;
  token_id: string;
  pool_address: string;
  a0: string;
  s0: string;
  d0: number;
  a1: string;
  s1: string;
  d1: number;
  is_held: boolean;
};

const ids = (rows: { position_id: number }[]) => rows.map((row) => row.position_id);

/**
 * The V3 positions with stored events for the wallet, tracked now or before, by anyone: tracked with it now,
 * or an event naming it (a Transfer from or to it, a Collect's recipient, a claim's owner or `to`, a
 * FarmEnded's owner: the indexed owner_address / recipient_address, no scan of the events' detail), or stored
 * events of a position whose snapshots name it as the owner. Their tokens with them. `is_held`: the wallet
 * held the position where no stored Transfer says otherwise (tracked with it, which needs it to hold it, or a
 * snapshot names it the owner); a position only named by an event (another's collect paid to the wallet) is
 * the wallet's only where its transfers say so.
 */
export async function v3PositionsWithHistory(
  db: DbOrTrx,
  scope: V3Scope,
  wallet: string,
): Promise<V3PositionOfWallet[]> {
  if (scope.only && 'farmId' in scope.only) return [];
  const only = scope.only && 'positionId' in scope.only ? scope.only.positionId : undefined;
  const [tracked, owned, received, snapshotted] = await Promise.all([
    db
      .selectFrom('v3_tracked_positions')
      .select('position_id')
      .where('wallet_address', '=', wallet)
      .execute(),
    db.selectFrom('v3_position_events').select('position_id').where('owner_address', '=', wallet).execute(),
    db
      .selectFrom('v3_position_events')
      .select('position_id')
      .where('recipient_address', '=', wallet)
      .execute(),
    db
      .selectFrom('v3_position_snapshots as s')
      .select('s.position_id')
      .where('s.owner', '=', wallet)
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('v3_position_events as e')
            .select('e.id')
            .whereRef('e.position_id', '=', 's.position_id'),
        ),
      )
      .execute(),
  ]);
  const held = new Set([...ids(tracked), ...ids(snapshotted)]);
  let wanted = [...new Set([...held, ...ids(owned), ...ids(received)])];
  if (only !== undefined) wanted = wanted.filter((id) => id === only);
  if (wanted.length === 0) return [];
  const rows = await db
    .selectFrom('v3_positions as p')
    .innerJoin('tokens as t0', 't0.id', 'p.token0_id')
    .innerJoin('tokens as t1', 't1.id', 'p.token1_id')
    .where('p.chain_id', '=', scope.chainId)
    .where('p.id', 'in', wanted)
    .select(['p.id as position_id', 'p.token_id', 'p.pool_address', ...pairTokenColumns])
    .orderBy('p.id')
    .execute();
  return rows.map((row) => ({ ...row, is_held: held.has(row.position_id) }));
}

/** The farming events a reward claim is split by (credits and claims of the owner's balance). */
const farmingKinds: V3PositionEventRow['kind'][] = ['farm_ended', 'rewards_collected', 'reward_claimed'];

/**
 * Of the wallet's positions, the one a position's books are of and those whose farming shares its reward
 * claims (a FarmEnded, RewardsCollected or RewardClaimed stored): all a claim split needs, without the
 * wallet's other positions' events, its V2 farms or its recorded sends.
 */
export async function v3PositionsForBooks(
  db: DbOrTrx,
  scope: { chainId: number; positionId: number },
  wallet: string,
): Promise<V3PositionOfWallet[]> {
  const positions = await v3PositionsWithHistory(db, { chainId: scope.chainId }, wallet);
  const others = positions.filter((p) => p.position_id !== scope.positionId).map((p) => p.position_id);
  const farming =
    others.length === 0
      ? []
      : await db
          .selectFrom('v3_position_events')
          .select('position_id')
          .distinct()
          .where('position_id', 'in', others)
          .where('kind', 'in', farmingKinds)
          .execute();
  const needed = new Set([scope.positionId, ...ids(farming)]);
  return positions.filter((p) => needed.has(p.position_id));
}

/** The stored events of positions, in chain order. */
export function loadV3EventsOf(db: DbOrTrx, positionIds: number[]): Promise<V3PositionEventRow[]> {
  if (positionIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('v3_position_events')
    .selectAll()
    .where('position_id', 'in', positionIds)
    .orderBy('block_number')
    .orderBy('log_index')
    .execute();
}

/**
 * Of `hashes` (a position's transactions), those in which another position's events were stored too (one
 * reward claim of several positions, a multicall of several): their gas is not one position's.
 */
export async function sharedV3Transactions(
  db: DbOrTrx,
  positionId: number,
  hashes: string[],
): Promise<Set<string>> {
  const wanted = [...new Set(hashes.filter((hash) => hash !== '0x'))];
  if (wanted.length === 0) return new Set();
  const rows = await db
    .selectFrom('v3_position_events')
    .select('tx_hash')
    .distinct()
    .where('tx_hash', 'in', wanted)
    .where('position_id', '!=', positionId)
    .execute();
  return new Set(rows.map((row) => row.tx_hash.toLowerCase()));
}

/** The V3 rows' inputs: each position with its tokens and its own events (of `events`, several positions' rows). */
export function v3EventsInputs(
  positions: V3PositionOfWallet[],
  events: V3PositionEventRow[],
): V3EventsInput[] {
  return positions.map((p) => ({
    position: {
      tokenId: p.token_id,
      poolAddress: p.pool_address,
      token0: { address: p.a0, symbol: p.s0, decimals: p.d0 },
      token1: { address: p.a1, symbol: p.s1, decimals: p.d1 },
    },
    events: events.filter((e) => e.position_id === p.position_id),
    isHeld: p.is_held,
  }));
}
