import type { TokenRef } from '@tidewatch/shared';
import { type Kysely, sql, type Updateable } from 'kysely';
import { type Address, getAddress } from 'viem';
import type { Database, DbOrTrx } from '../db/index.ts';
import type { V3PositionEventRow, V3PositionsTables, V3RawAmount } from '../db/tables/v3-positions.ts';
import {
  type BackfillJob,
  backfillJobColumns,
  backfillJobOf,
  claimDueBackfill,
  updateBackfillRow,
} from '../history/backfill-rows-repository.ts';
import type { HistoryScope } from '../history/reorg-repository.ts';
import type { ValuedV3Event } from './history-value.ts';
import { poolTokenColumns } from './snapshot-repository.ts';

/** The V3 history job's rows (v3_history_backfills) and the events it stores (v3_position_events), in SQL. */

const iso = (date: Date) => date.toISOString();

/** A history job as a process holds it: the position, its pool and tokens, and how far it got. */
export type ClaimedV3Backfill = BackfillJob & {
  positionId: number;
  tokenId: bigint;
  poolAddress: Address;
  token0: TokenRef;
  token1: TokenRef;
  gaps: string | null;
};

/**
 * Claims one due history job of a position (backfill-rows-repository.ts claimDueBackfill), with its pool and
 * tokens.
 */
export async function claimV3Backfill(
  db: Kysely<Database>,
  options: { now: Date; leaseMs: number },
): Promise<ClaimedV3Backfill | undefined> {
  const row = await claimDueBackfill(
    db,
    'v3_history_backfills',
    options,
    db
      .selectFrom('v3_history_backfills as h')
      .innerJoin('v3_positions as p', 'p.id', 'h.position_id')
      .innerJoin('tokens as t0', 't0.id', 'p.token0_id')
      .innerJoin('tokens as t1', 't1.id', 'p.token1_id')
      .select([
        ...backfillJobColumns,
        'h.position_id',
        'h.gaps',
        'p.token_id',
        'p.pool_address',
        ...poolTokenColumns,
      ]),
  );
  return (
    row && {
      ...backfillJobOf(row),
      positionId: row.position_id,
      tokenId: BigInt(row.token_id),
      poolAddress: getAddress(row.pool_address),
      token0: { address: row.token0_address, symbol: row.token0_symbol, decimals: row.token0_decimals },
      token1: { address: row.token1_address, symbol: row.token1_symbol, decimals: row.token1_decimals },
      gaps: row.gaps,
    }
  );
}

/** The position's rows in its history tables and its history job's row (core/history/reorg-repository.ts). */
export const v3HistoryScope = (job: Pick<ClaimedV3Backfill, 'id' | 'positionId'>): HistoryScope => ({
  events: 'v3_position_events',
  tracking: 'v3_tracked_positions',
  backfills: 'v3_history_backfills',
  backfillId: job.id,
  where: sql<boolean>`position_id = ${job.positionId}`,
});

/** Updates a position's job row; always stamps updated_at. */
export function updateV3Backfill(
  db: DbOrTrx,
  id: number,
  now: Date,
  changes: Omit<Updateable<V3PositionsTables['v3_history_backfills']>, 'id' | 'position_id' | 'updated_at'>,
): Promise<void> {
  return updateBackfillRow(db, 'v3_history_backfills', id, now, changes);
}

/** Makes the history job take a position at its next tick (a refresh: its new events join soon). */
export async function scheduleV3BackfillNow(db: DbOrTrx, positionId: number, now: Date): Promise<void> {
  await db
    .updateTable('v3_history_backfills')
    .set({ next_attempt_at: iso(now) })
    .where('position_id', '=', positionId)
    .where('status', 'in', ['done', 'pending'])
    .execute();
}

/**
 * Makes the history job read a position's blocks again for a wallet that just started tracking it: the scan
 * stores a RewardClaimed only when its owner tracks the position at that run, so the claims of a later
 * owner that joined after the scan passed them would never be read. Stored events stay (the (position, tx,
 * log) key makes the rescan add only what is missing). The scan restarts where it first started, not at a
 * new window start: after the opening balance's block when there is one (so no second opening row at a
 * later block counts liquidity its events already hold), else before the first stored event (nothing of the
 * position happened before it; its reward claims follow its farming's events). Without a backfill row or
 * before its first scan there is nothing to do: the job reads everything anyway. The hash goes (null skips
 * the reorganisation check until the next range stores one).
 */
export async function rescanV3BackfillForNewWallet(
  db: DbOrTrx,
  positionId: number,
  now: Date,
): Promise<void> {
  const job = await db
    .selectFrom('v3_history_backfills')
    .select(['id', 'status', 'scanned_to_block'])
    .where('position_id', '=', positionId)
    .executeTakeFirst();
  if (!job || job.status === 'off' || job.scanned_to_block === null) return;
  const opening = await db
    .selectFrom('v3_position_events')
    .select('block_number')
    .where('position_id', '=', positionId)
    .where('tx_hash', '=', '0x')
    .where('log_index', '=', -1)
    .executeTakeFirst();
  const first = await db
    .selectFrom('v3_position_events')
    .select(({ fn }) => fn.min('block_number').as('block'))
    .where('position_id', '=', positionId)
    .executeTakeFirst();
  const firstBlock = first?.block == null ? null : Number(first.block);
  const restart =
    opening !== undefined
      ? Number(opening.block_number)
      : firstBlock === null
        ? null
        : Math.max(firstBlock - 1, 0);
  await updateV3Backfill(db, job.id, now, {
    status: 'pending',
    scanned_to_block: restart,
    scanned_to_hash: null,
    next_attempt_at: iso(now),
  });
}

/** The wallets a position is tracked with (whose reward claims join its history). */
export async function findV3TrackingWallets(db: DbOrTrx, positionId: number): Promise<Address[]> {
  const rows = await db
    .selectFrom('v3_tracked_positions')
    .select('wallet_address')
    .where('position_id', '=', positionId)
    .distinct()
    .execute();
  return rows.map((r) => getAddress(r.wallet_address));
}

/**
 * The addresses an event names, for the ledger's indexed lookup of a wallet's positions: owner = a Transfer's
 * from, a RewardClaimed's or FarmEnded's owner; recipient = a Transfer's to, a Collect's recipient, a
 * RewardClaimed's to.
 */
function namedAddresses(e: Pick<ValuedV3Event, 'kind' | 'detail'>): {
  owner_address: string | null;
  recipient_address: string | null;
} {
  const detail = (e.detail ?? {}) as Record<string, string | undefined>;
  if (e.kind === 'transfer')
    return { owner_address: detail.from ?? null, recipient_address: detail.to ?? null };
  if (e.kind === 'collect') return { owner_address: null, recipient_address: detail.recipient ?? null };
  if (e.kind === 'reward_claimed')
    return { owner_address: detail.owner ?? null, recipient_address: detail.to ?? null };
  if (e.kind === 'farm_ended') return { owner_address: detail.owner ?? null, recipient_address: null };
  return { owner_address: null, recipient_address: null };
}

/** Stores valued events once per log (a rescan of the same range adds nothing). */
export async function insertV3Events(
  db: DbOrTrx,
  positionId: number,
  events: ValuedV3Event[],
): Promise<void> {
  if (events.length === 0) return;
  await db
    .insertInto('v3_position_events')
    .values(
      events.map((e) => ({
        position_id: positionId,
        kind: e.kind,
        block_number: Number(e.blockNumber),
        block_time: e.blockTime.toISOString(),
        tx_hash: e.txHash,
        log_index: e.logIndex,
        liquidity: e.liquidity?.toString() ?? null,
        amounts: JSON.stringify(
          e.amounts.map((a): V3RawAmount => ({ token: a.token, raw: a.raw.toString(), usd: a.usd })),
        ),
        usd: e.usd,
        usd_error: e.usdError,
        detail: e.detail ? JSON.stringify(e.detail) : null,
        ...namedAddresses(e),
      })),
    )
    .onConflict((oc) => oc.columns(['position_id', 'tx_hash', 'log_index']).doNothing())
    .execute();
}

/** A position's stored events in chain order. */
export function loadV3Events(db: DbOrTrx, positionId: number): Promise<V3PositionEventRow[]> {
  return db
    .selectFrom('v3_position_events')
    .selectAll()
    .where('position_id', '=', positionId)
    .orderBy('block_number')
    .orderBy('log_index')
    .execute();
}

/**
 * The block a position's history was read up to (the last final block its job scanned), 0 before any: its
 * stored events are complete up to it.
 */
export async function findV3ScannedToBlock(db: DbOrTrx, positionId: number): Promise<number> {
  const row = await db
    .selectFrom('v3_history_backfills')
    .select('scanned_to_block')
    .where('position_id', '=', positionId)
    .executeTakeFirst();
  return row?.scanned_to_block == null ? 0 : Number(row.scanned_to_block);
}
