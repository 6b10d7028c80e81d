import { type RawBuilder, sql } from 'kysely';
import type { DbOrTrx } from '../db/index.ts';
import type { EventBlock } from './reorg-rewind.ts';

/** Whose history: a V2 pair's (position_events, tracked_farms) or a V3 position's (v3_position_events, …). */
export type HistoryScope = {
  events: 'position_events' | 'v3_position_events';
  tracking: 'tracked_farms' | 'v3_tracked_positions';
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
export async function deleteEventsAfter(db: DbOrTrx, scope: HistoryScope, block: bigint): Promise<string[]> {
  const { rows } = await sql<{ tx_hash: string }>`
    delete from ${sql.table(scope.events)} where ${scope.where} and block_number > ${Number(block)}
    returning tx_hash`.execute(db);
  return rows.map((row) => row.tx_hash);
}
