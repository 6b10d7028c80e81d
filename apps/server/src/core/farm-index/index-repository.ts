import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../db/index.ts';
import type { FarmIndexTable } from '../db/tables/farm-index.ts';

/** The farm index's SQL that discovery and recovery both read: its rows, its last refresh, its size. */

export type IndexRow = Selectable<FarmIndexTable>;

/** A funded farm's period end is after this; an unfunded one's is the epoch (periodFinish 0). */
const EPOCH = new Date(0).toISOString();

/**
 * Farm index rows of a chain: all, only `addresses`, or only those ended by `endedBy` (the chain's clock:
 * the index's flag is as old as its last refresh, and a farm may have ended since). Funded farms only:
 * an unfunded one never started, so it never ended.
 */
export function findIndexRows(
  db: Kysely<Database>,
  chainId: number,
  filter: { addresses?: string[]; endedBy?: Date } = {},
): Promise<IndexRow[]> {
  let query = db.selectFrom('farm_index').selectAll().where('chain_id', '=', chainId);
  if (filter.addresses) query = query.where('address', 'in', filter.addresses);
  const endedBy = filter.endedBy;
  if (endedBy) {
    query = query.where((eb) =>
      eb.and([eb('period_finish', '>', EPOCH), eb('period_finish', '<=', endedBy.toISOString())]),
    );
  }
  return query.execute();
}

/** When the index last finished a refresh (null: never). */
export async function findLastRefresh(db: Kysely<Database>): Promise<string | null> {
  const row = await db
    .selectFrom('farm_index_runs')
    .select('finished_at')
    .where('finished_at', 'is not', null)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.finished_at ?? null;
}

/** How many farms the index holds on a chain. */
export async function countIndexed(db: Kysely<Database>, chainId: number): Promise<number> {
  const row = await db
    .selectFrom('farm_index')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('chain_id', '=', chainId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Which of `addresses` are imported farms, lower-cased. */
export async function findImportedAddresses(
  db: Kysely<Database>,
  chainId: number,
  addresses: string[],
): Promise<Set<string>> {
  if (addresses.length === 0) return new Set();
  const rows = await db
    .selectFrom('farms')
    .select('address')
    .where('chain_id', '=', chainId)
    .where('address', 'in', addresses)
    .execute();
  return new Set(rows.map((r) => r.address.toLowerCase()));
}
