import type { FarmKind } from '@tidewatch/shared';
import { type Kysely, type Selectable, sql, type Updateable } from 'kysely';
import { type Address, getAddress } from 'viem';
import type { Database, DbOrTrx } from '../db/index.ts';
import type { HistoryBackfillsTable, PositionEventsTable } from '../db/tables/farms.ts';
import { claimFirst, isFreeAt, leaseFrom } from '../jobs/lease.ts';
import { type HistoryScope, resetScan, rewindScan } from './reorg-repository.ts';
import type { ValuedEvent } from './returns.ts';

const iso = (date: Date) => date.toISOString();

/** A history job as a process holds it. */
export type ClaimedBackfill = {
  id: number;
  farmId: number;
  farmAddress: Address;
  kind: FarmKind;
  chainId: number;
  wallet: Address;
  status: string;
  scannedToBlock: bigint | null;
  /** The hash scannedToBlock had when it was scanned; null before the first scan (or before migration 023). */
  scannedToHash: string | null;
  firstStakedBlock: bigint | null;
  daysTotal: number;
  daysDone: number;
  failures: number;
};

/**
 * Adds a history row for every tracked pair that has none: 'pending', or 'off' when BACKFILL_DAYS is 0.
 * Rows no user tracks any more go (their events stay with the farm's snapshots until the farm goes).
 */
export async function reconcileBackfills(db: Kysely<Database>, now: Date, isOff: boolean): Promise<void> {
  const missing = await db
    .selectFrom('tracked_farms as t')
    .leftJoin('history_backfills as h', (join) =>
      join.onRef('h.farm_id', '=', 't.farm_id').onRef('h.wallet_address', '=', 't.wallet_address'),
    )
    .where('h.id', 'is', null)
    .select(['t.farm_id', 't.wallet_address'])
    .distinct()
    .execute();
  for (const pair of missing) {
    await db
      .insertInto('history_backfills')
      .values({
        farm_id: pair.farm_id,
        wallet_address: pair.wallet_address,
        status: isOff ? 'off' : 'pending',
        next_attempt_at: iso(now),
        updated_at: iso(now),
      })
      .onConflict((oc) => oc.columns(['farm_id', 'wallet_address']).doNothing())
      .execute();
  }
  await db
    .deleteFrom('history_backfills')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('tracked_farms as t')
            .select('t.id')
            .whereRef('t.farm_id', '=', 'history_backfills.farm_id')
            .whereRef('t.wallet_address', '=', 'history_backfills.wallet_address'),
        ),
      ),
    )
    .execute();
}

/**
 * Claims one history job that is due (pending, failed and past its back-off, done and due for its event
 * catch-up, or running under an expired lease): a conditional update on the lease, so of several
 * processes exactly one wins it.
 */
export async function claimBackfill(
  db: Kysely<Database>,
  options: { now: Date; leaseMs: number },
): Promise<ClaimedBackfill | undefined> {
  const now = iso(options.now);
  const candidates = await db
    .selectFrom('history_backfills as h')
    .innerJoin('farms as f', 'f.id', 'h.farm_id')
    .where('h.status', 'in', ['pending', 'running', 'failed', 'done'])
    .where('h.next_attempt_at', '<=', now)
    .where(isFreeAt('history_backfills', now))
    .select([
      'h.id',
      'h.farm_id',
      'f.address',
      'f.kind',
      'f.chain_id',
      'h.wallet_address',
      'h.status',
      'h.scanned_to_block',
      'h.scanned_to_hash',
      'h.first_staked_block',
      'h.days_total',
      'h.days_done',
      'h.failures',
    ])
    .orderBy('h.next_attempt_at')
    .limit(5)
    .execute();
  const won = await claimFirst(
    db,
    'history_backfills',
    candidates.map((row) => row.id),
    leaseFrom(options.now, options.leaseMs),
  );
  const row = candidates.find((candidate) => candidate.id === won);
  return (
    row && {
      id: row.id,
      farmId: row.farm_id,
      farmAddress: getAddress(row.address),
      kind: row.kind as FarmKind,
      wallet: getAddress(row.wallet_address),
      status: row.status,
      scannedToBlock: row.scanned_to_block === null ? null : BigInt(row.scanned_to_block),
      scannedToHash: row.scanned_to_hash,
      chainId: row.chain_id,
      firstStakedBlock: row.first_staked_block === null ? null : BigInt(row.first_staked_block),
      daysTotal: row.days_total,
      daysDone: row.days_done,
      failures: row.failures,
    }
  );
}

/** Updates a job's row (progress, status); always stamps updated_at. */
export async function updateBackfill(
  db: DbOrTrx,
  id: number,
  now: Date,
  changes: Omit<Updateable<HistoryBackfillsTable>, 'id' | 'farm_id' | 'wallet_address' | 'updated_at'>,
): Promise<void> {
  await db
    .updateTable('history_backfills')
    .set({ ...changes, updated_at: iso(now) })
    .where('id', '=', id)
    .execute();
}

/** The pair's rows in its history tables and its history job's row (reorg-repository.ts). */
export const pairHistoryScope = (job: Pick<ClaimedBackfill, 'id' | 'farmId' | 'wallet'>): HistoryScope => ({
  events: 'position_events',
  tracking: 'tracked_farms',
  backfills: 'history_backfills',
  backfillId: job.id,
  where: sql<boolean>`farm_id = ${job.farmId} and wallet_address = ${job.wallet}`,
});

/** Forgets a pair's scan, its days too (reorg-repository.ts resetScan). */
export async function resetBackfillScan(
  db: Kysely<Database>,
  job: ClaimedBackfill,
  now: Date,
): Promise<void> {
  await resetScan(db, pairHistoryScope(job), job.chainId, now, { days_total: 0, days_done: 0 });
  Object.assign(job, { scannedToBlock: null, scannedToHash: null, daysTotal: 0, daysDone: 0 });
}

/** Rewinds a pair's scan to `block`; the days built stay (reorg-repository.ts rewindScan). */
export async function rewindBackfillScan(
  db: Kysely<Database>,
  job: ClaimedBackfill,
  block: { number: bigint; hash: string },
  now: Date,
): Promise<void> {
  await rewindScan(db, pairHistoryScope(job), job.chainId, block, now);
  Object.assign(job, { scannedToBlock: block.number, scannedToHash: block.hash });
}

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
