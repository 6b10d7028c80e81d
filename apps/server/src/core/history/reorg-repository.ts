import { type Kysely, type RawBuilder, sql } from 'kysely';
import { deleteUnreferencedFees } from '../books/fees-repository.ts';
import type { Database, DbOrTrx } from '../db/index.ts';
import type { EventBlock } from './reorg-rewind.ts';

/** Whose history: a V2 pair's (position_events, tracked_farms) or a V3 position's (v3_position_events, …). */
export type HistoryScope = {
  events: 'position_events' | 'v3_position_events';
  tracking: 'tracked_farms' | 'v3_tracked_positions';
  /** Its history job's table and row (history_backfills or v3_history_backfills: the same scan columns). */
  backfills: 'history_backfills' | 'v3_history_backfills';
  backfillId: number;
  /**
   * The rows of the one position, unqualified, on either table (both name it the same way, and no column of it
   * is a transaction_fees column).
   */
  where: RawBuilder<boolean>;
};

/**
 * The blocks of a position's stored events whose hash is known (their receipts were read), newest first, and
 * when it was first tracked: where a rescan after a reorganisation may start (reorg-rewind.ts). V2 pairs and
 * V3 positions alike.
 */
export async function loadEventBlockHashes(
  db: DbOrTrx,
  chainId: number,
  scope: HistoryScope,
  limit: number,
): Promise<{ blocks: EventBlock[]; trackedSince: string | null }> {
  const { rows } = await sql<{ block_number: number | string; block_hash: string; block_time: string }>`
    select distinct e.block_number, f.block_hash, e.block_time
    from ${sql.table(scope.events)} e
    join transaction_fees f on f.tx_hash = e.tx_hash and f.chain_id = ${chainId}
    where ${scope.where} and f.block_hash is not null
    order by e.block_number desc
    limit ${limit}`.execute(db);
  const tracked = await sql<{ at: string | null }>`
    select min(created_at) as at from ${sql.table(scope.tracking)} where ${scope.where}`.execute(db);
  return {
    blocks: rows.map((row) => ({
      number: BigInt(row.block_number),
      hash: row.block_hash,
      time: row.block_time,
    })),
    trackedSince: tracked.rows[0]?.at ?? null,
  };
}

/** Deletes a position's events after `block`; answers their transactions' hashes (for their gas rows). */
async function deleteEventsAfter(db: DbOrTrx, scope: HistoryScope, block: bigint): Promise<string[]> {
  const { rows } = await sql<{ tx_hash: string }>`
    delete from ${sql.table(scope.events)} where ${scope.where} and block_number > ${Number(block)}
    returning tx_hash`.execute(db);
  return rows.map((row) => row.tx_hash);
}

/** Columns of a history job's row set with a scan's progress (any the row has besides scanned_to_*). */
export type ScanProgress = Record<string, string | number | null>;

/** Sets a history job's scan progress (and updated_at) in either backfill table. */
async function setScanProgress(db: DbOrTrx, scope: HistoryScope, changes: ScanProgress, now: Date) {
  const assignments = Object.entries({ ...changes, updated_at: now.toISOString() }).map(
    ([column, value]) => sql`${sql.ref(column)} = ${value}`,
  );
  await sql`update ${sql.table(scope.backfills)} set ${sql.join(assignments)}
    where id = ${scope.backfillId}`.execute(db);
}

/**
 * Forgets what the history job read of a position whose last scanned block was reorganised away, for V2 pairs
 * and V3 positions alike: its events, the gas rows only they referred to, and its progress (`progress`: what
 * else the kind counts, e.g. a V2 pair's days), so the next step rescans from the window start. One
 * transaction: a reader never sees the events gone but the scan still marked done.
 */
export async function resetScan(
  db: Kysely<Database>,
  scope: HistoryScope,
  chainId: number,
  now: Date,
  progress: ScanProgress = {},
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ tx_hash: string }>`
      delete from ${sql.table(scope.events)} where ${scope.where} returning tx_hash`.execute(trx);
    await deleteUnreferencedFees(
      trx,
      chainId,
      rows.map((row) => row.tx_hash),
    );
    await setScanProgress(
      trx,
      scope,
      { scanned_to_block: null, scanned_to_hash: null, gaps: null, ...progress },
      now,
    );
  });
}

/**
 * Rewinds a position's scan to `block`, a block still the chain's (its hash matches, so every block before it is
 * the chain's too): its events after it and the gas rows only they referred to go, and the scan goes on from
 * there; what was built before it stays (issue 43, finding 6: a reorganisation cost the whole window's replay).
 */
export async function rewindScan(
  db: Kysely<Database>,
  scope: HistoryScope,
  chainId: number,
  block: { number: bigint; hash: string },
  now: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await deleteUnreferencedFees(trx, chainId, await deleteEventsAfter(trx, scope, block.number));
    await setScanProgress(
      trx,
      scope,
      { scanned_to_block: Number(block.number), scanned_to_hash: block.hash, gaps: null },
      now,
    );
  });
}
