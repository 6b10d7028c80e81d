import { type RawBuilder, sql } from 'kysely';
import { getAddress } from 'viem';
import type { DbOrTrx } from '../db/index.ts';
import type { PositionSnapshotRow } from '../db/tables/farms.ts';
import { newestRank } from './farm-view-repository.ts';

/**
 * Read side of positions: a pair's snapshots (newest, at a moment, its history), its schedule, and the pool's
 * prices at a snapshot's block. Pairs are keyed `${farmId}:${account lower}` (positionKey).
 */

/** Latest position snapshot per (farm, account) for the given farms and accounts; key `${farmId}:${account lower}`. */
export function loadLatestPositions(
  db: DbOrTrx,
  farmIds: number[],
  accounts: string[],
): Promise<Map<string, PositionSnapshotRow>> {
  return loadFirstPositionPerPair(db, farmIds, accounts, newestRank('farm_id, account_address'));
}

/**
 * Per (farm, account) pair of the given farms and accounts, the snapshot `rank` numbers 1 (of those taken
 * at or before `atOrBefore`, when given): one query for any number of pairs.
 */
async function loadFirstPositionPerPair(
  db: DbOrTrx,
  farmIds: number[],
  accounts: string[],
  rank: RawBuilder<number>,
  atOrBefore?: string,
): Promise<Map<string, PositionSnapshotRow>> {
  if (farmIds.length === 0 || accounts.length === 0) return new Map();
  const checksummed = [...new Set(accounts.map((a) => getAddress(a)))];
  const rows = await db
    .selectFrom('position_snapshots')
    .selectAll()
    .where('id', 'in', (eb) =>
      eb
        .selectFrom(
          eb
            .selectFrom('position_snapshots')
            .select(['id', rank.as('rank')])
            .where('farm_id', 'in', farmIds)
            .where('account_address', 'in', checksummed)
            .$if(atOrBefore !== undefined, (qb) => qb.where('created_on', '<=', atOrBefore ?? ''))
            .as('ranked'),
        )
        .select('ranked.id')
        .where('ranked.rank', '=', 1),
    )
    .execute();
  return new Map(rows.map((row) => [positionKey(row.farm_id, row.account_address), row]));
}

export const positionKey = (farmId: number, account: string) => `${farmId}:${account.toLowerCase()}`;

/** Schedule rows of (farm, account) pairs, keyed like positions: next automatic snapshot and last failure. */
export async function loadSchedules(
  db: DbOrTrx,
  farmIds: number[],
  accounts: string[],
): Promise<Map<string, { next_due_at: string; last_error: string | null; last_error_at: string | null }>> {
  if (farmIds.length === 0 || accounts.length === 0) return new Map();
  const rows = await db
    .selectFrom('snapshot_schedule')
    .select(['farm_id', 'wallet_address', 'next_due_at', 'last_error', 'last_error_at'])
    .where('farm_id', 'in', farmIds)
    .where('wallet_address', 'in', [...new Set(accounts.map((a) => getAddress(a)))])
    .execute();
  return new Map(rows.map((row) => [positionKey(row.farm_id, row.wallet_address), row]));
}

/**
 * Per (farm, account) of the given farms and accounts, the newest position snapshot taken at or before
 * `at` (ISO), keyed like loadLatestPositions: one query for any number of pairs.
 */
export function loadPositionsAtOrBefore(
  db: DbOrTrx,
  farmIds: number[],
  accounts: string[],
  at: string,
): Promise<Map<string, PositionSnapshotRow>> {
  const newestByTime = sql<number>`row_number() over (partition by farm_id, account_address order by created_on desc, id desc)`;
  return loadFirstPositionPerPair(db, farmIds, accounts, newestByTime, at);
}

/** The account's newest position snapshot taken at or before `at` (ISO), if any. */
export async function loadPositionAtOrBefore(
  db: DbOrTrx,
  farmId: number,
  account: string,
  at: string,
): Promise<PositionSnapshotRow | undefined> {
  return db
    .selectFrom('position_snapshots')
    .selectAll()
    .where('farm_id', '=', farmId)
    .where('account_address', '=', getAddress(account))
    .where('created_on', '<=', at)
    .orderBy('created_on', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The account's position snapshots for a farm, newest first (bounded: a chart needs no more). */
export async function loadPositionHistory(
  db: DbOrTrx,
  farmId: number,
  account: string,
  limit = 500,
): Promise<PositionSnapshotRow[]> {
  return db
    .selectFrom('position_snapshots')
    .selectAll()
    .where('farm_id', '=', farmId)
    .where('account_address', '=', getAddress(account))
    .orderBy('block_number', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
