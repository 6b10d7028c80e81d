import type { FarmKind } from '@tidewatch/shared';
import { type Kysely, type Selectable, sql, type Updateable } from 'kysely';
import { type Address, getAddress } from 'viem';
import type { Database, DbOrTrx } from '../db/index.ts';
import type { HistoryBackfillsTable, PositionEventsTable } from '../db/tables/farms.ts';
import {
  type BackfillJob,
  backfillJobColumns,
  backfillJobOf,
  claimDueBackfill,
  reconcileBackfillRows,
  updateBackfillRow,
} from './backfill-rows-repository.ts';
import type { HistoryScope } from './reorg-repository.ts';
import type { ValuedEvent } from './returns.ts';
import type { ValuedFarmEvent } from './value-events.ts';

const iso = (date: Date) => date.toISOString();

/** A history job as a process holds it. */
export type ClaimedBackfill = BackfillJob & {
  farmId: number;
  farmAddress: Address;
  kind: FarmKind;
  chainId: number;
  wallet: Address;
  status: string;
  firstStakedBlock: bigint | null;
  daysTotal: number;
  daysDone: number;
};

/**
 * Adds a history row for every tracked pair that has none, and drops the rows nobody tracks
 * (backfill-rows-repository.ts).
 */
export function reconcileBackfills(db: Kysely<Database>, now: Date, isOff: boolean): Promise<void> {
  return reconcileBackfillRows(db, 'history_backfills', now, isOff);
}

/** Claims one due history job of a pair (backfill-rows-repository.ts claimDueBackfill), with its farm. */
export async function claimBackfill(
  db: Kysely<Database>,
  options: { now: Date; leaseMs: number },
): Promise<ClaimedBackfill | undefined> {
  const row = await claimDueBackfill(
    db,
    'history_backfills',
    options,
    db
      .selectFrom('history_backfills as h')
      .innerJoin('farms as f', 'f.id', 'h.farm_id')
      .select([
        ...backfillJobColumns,
        'h.farm_id',
        'f.address',
        'f.kind',
        'f.chain_id',
        'h.wallet_address',
        'h.status',
        'h.first_staked_block',
        'h.days_total',
        'h.days_done',
      ]),
  );
  return (
    row && {
      ...backfillJobOf(row),
      farmId: row.farm_id,
      farmAddress: getAddress(row.address),
      kind: row.kind as FarmKind,
      wallet: getAddress(row.wallet_address),
      status: row.status,
      chainId: row.chain_id,
      firstStakedBlock: row.first_staked_block === null ? null : BigInt(row.first_staked_block),
      daysTotal: row.days_total,
      daysDone: row.days_done,
    }
  );
}

/** Updates a pair's job row (progress, status); always stamps updated_at. */
export function updateBackfill(
  db: DbOrTrx,
  id: number,
  now: Date,
  changes: Omit<Updateable<HistoryBackfillsTable>, 'id' | 'farm_id' | 'wallet_address' | 'updated_at'>,
): Promise<void> {
  return updateBackfillRow(db, 'history_backfills', id, now, changes);
}

/** The pair's rows in its history tables and its history job's row (reorg-repository.ts). */
export const pairHistoryScope = (job: Pick<ClaimedBackfill, 'id' | 'farmId' | 'wallet'>): HistoryScope => ({
  events: 'position_events',
  tracking: 'tracked_farms',
  backfills: 'history_backfills',
  backfillId: job.id,
  where: sql<boolean>`farm_id = ${job.farmId} and wallet_address = ${job.wallet}`,
});

/**
 * Makes the history job take a pair at its next tick (a transaction just changed the position: its
 * Staked / Withdrawn / RewardPaid event should join the history soon, not at the next catch-up).
 */
export async function scheduleBackfillNow(
  db: DbOrTrx,
  pair: { farmId: number; wallet: string },
  now: Date,
): Promise<void> {
  await db
    .updateTable('history_backfills')
    .set({ next_attempt_at: iso(now), updated_at: iso(now) })
    .where('farm_id', '=', pair.farmId)
    .where('wallet_address', '=', getAddress(pair.wallet))
    .where('status', 'in', ['pending', 'running', 'failed', 'done'])
    .execute();
}

export type PositionEventRow = Omit<Selectable<PositionEventsTable>, 'id' | 'farm_id' | 'wallet_address'>;

/** The events of several pairs in chain order, keyed `${farmId}:${wallet lower}` (one query for any number). */
async function loadPositionEventsOfPairs(
  db: DbOrTrx,
  pairs: { farmId: number; wallet: string }[],
): Promise<Map<string, PositionEventRow[]>> {
  const byPair = new Map<string, PositionEventRow[]>();
  if (pairs.length === 0) return byPair;
  const rows = await db
    .selectFrom('position_events')
    .select([
      'farm_id',
      'wallet_address',
      'kind',
      'reward_token_address',
      'amount',
      'block_number',
      'block_time',
      'tx_hash',
      'log_index',
      'amount0',
      'amount1',
      'usd',
      'usd_error',
    ])
    .where('farm_id', 'in', [...new Set(pairs.map((pair) => pair.farmId))])
    .where('wallet_address', 'in', [...new Set(pairs.map((pair) => getAddress(pair.wallet)))])
    .orderBy('block_number')
    .orderBy('log_index')
    .execute();
  for (const { farm_id, wallet_address, ...event } of rows) {
    const key = `${farm_id}:${wallet_address.toLowerCase()}`;
    byPair.set(key, [...(byPair.get(key) ?? []), event]);
  }
  return byPair;
}

/** A pair's events in chain order. */
export async function loadPositionEvents(
  db: DbOrTrx,
  farmId: number,
  wallet: string,
): Promise<PositionEventRow[]> {
  const byPair = await loadPositionEventsOfPairs(db, [{ farmId, wallet }]);
  return byPair.get(`${farmId}:${wallet.toLowerCase()}`) ?? [];
}

export function toValuedEvent(row: PositionEventRow): ValuedEvent {
  return {
    kind: row.kind,
    blockTime: row.block_time,
    amount0: row.amount0 === null ? null : BigInt(row.amount0),
    amount1: row.amount1 === null ? null : BigInt(row.amount1),
    usd: row.usd,
  };
}

/** The history job's row of one pair, for progress lines. */
export async function loadBackfills(
  db: DbOrTrx,
  farmIds: number[],
  wallets: string[],
): Promise<
  Map<
    string,
    { status: string; days_done: number; days_total: number; error: string | null; gaps: string | null }
  >
> {
  if (farmIds.length === 0 || wallets.length === 0) return new Map();
  const rows = await db
    .selectFrom('history_backfills')
    .select(['farm_id', 'wallet_address', 'status', 'days_done', 'days_total', 'error', 'gaps'])
    .where('farm_id', 'in', farmIds)
    .where('wallet_address', 'in', [...new Set(wallets.map((w) => getAddress(w)))])
    .execute();
  return new Map(rows.map((row) => [`${row.farm_id}:${row.wallet_address.toLowerCase()}`, row]));
}

/** Reads the distinct transaction hashes of a pair's stored events. */
export async function findPairEventTxHashes(
  db: DbOrTrx,
  pair: { farmId: number; wallet: string },
): Promise<string[]> {
  const rows = await db
    .selectFrom('position_events')
    .where('farm_id', '=', pair.farmId)
    .where('wallet_address', '=', pair.wallet)
    .select('tx_hash')
    .distinct()
    .execute();
  return rows.map((row) => row.tx_hash);
}

/** Writes a pair's valued events; an event already stored (same transaction and log index) is left as it is. */
export async function insertPositionEvents(
  db: DbOrTrx,
  pair: { farmId: number; wallet: string },
  events: ValuedFarmEvent[],
): Promise<void> {
  if (events.length === 0) return;
  await db
    .insertInto('position_events')
    .values(
      events.map((e) => ({
        farm_id: pair.farmId,
        wallet_address: pair.wallet,
        kind: e.kind,
        reward_token_address: e.kind === 'reward_paid' ? e.rewardToken : null,
        amount: e.amount.toString(),
        block_number: Number(e.blockNumber),
        block_time: e.blockTime.toISOString(),
        tx_hash: e.transactionHash,
        log_index: e.logIndex,
        amount0: e.amount0?.toString() ?? null,
        amount1: e.amount1?.toString() ?? null,
        usd: e.usd,
        usd_error: e.usdError,
      })),
    )
    .onConflict((oc) => oc.columns(['farm_id', 'wallet_address', 'tx_hash', 'log_index']).doNothing())
    .execute();
}

/** Reads the block time of a pair's first stored stake (`at` null when it has none). */
export function findFirstStakeTime(db: DbOrTrx, pair: { farmId: number; wallet: string }) {
  return db
    .selectFrom('position_events')
    .where('farm_id', '=', pair.farmId)
    .where('wallet_address', '=', pair.wallet)
    .where('kind', '=', 'staked')
    .select((eb) => eb.fn.min('block_time').as('at'))
    .executeTakeFirst();
}

/** Reads when a pair was first tracked, by anyone (`at` null when nobody tracks it). */
export function findFirstTrackedTime(db: DbOrTrx, pair: { farmId: number; wallet: string }) {
  return db
    .selectFrom('tracked_farms')
    .where('farm_id', '=', pair.farmId)
    .where('wallet_address', '=', pair.wallet)
    .select((eb) => eb.fn.min('created_at').as('at'))
    .executeTakeFirst();
}

/** Reads whether the pair's position has a snapshot at `block`. */
export async function hasPositionSnapshotAt(
  db: DbOrTrx,
  pair: { farmId: number; wallet: string },
  block: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('position_snapshots')
    .select('id')
    .where('farm_id', '=', pair.farmId)
    .where('account_address', '=', pair.wallet)
    .where('block_number', '=', block)
    .executeTakeFirst();
  return row !== undefined;
}

/** Reads a pool's token prices at each of `blocks` (its pool_snapshots rows there). */
export async function findPoolPricesAtBlocks(db: DbOrTrx, poolId: number, blocks: number[]) {
  if (blocks.length === 0) return [];
  return db
    .selectFrom('pool_snapshots')
    .select(['block_number', 'price0_usd', 'price1_usd'])
    .where('pool_id', '=', poolId)
    .where('block_number', 'in', blocks)
    .execute();
}
