import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, DbOrTrx } from '../db/index.ts';
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

/** Writes a new refresh run, started at `startedAt`; answers its id. */
export function insertIndexRun(db: Kysely<Database>, startedAt: string): Promise<{ id: number }> {
  return db
    .insertInto('farm_index_runs')
    .values({ started_at: startedAt })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** Writes a refresh run's end: when, how many farms it listed, what it refused and which sources failed. */
export async function finishIndexRun(
  trx: DbOrTrx,
  id: number,
  values: {
    finished_at: string;
    farm_count: number;
    skipped: number;
    rejected: number;
    rejections: string;
    failed_sources: string;
  },
): Promise<void> {
  await trx.updateTable('farm_index_runs').set(values).where('id', '=', id).execute();
}

/** Writes the error a refresh run failed with. */
export async function failIndexRun(db: Kysely<Database>, id: number, error: string): Promise<void> {
  await db.updateTable('farm_index_runs').set({ error }).where('id', '=', id).execute();
}

/**
 * Writes a farm's index row, or refreshes the stored one's symbols and figures (its factory, pair, tokens'
 * addresses and decimals stay).
 */
export async function upsertIndexRow(trx: DbOrTrx, row: Insertable<FarmIndexTable>): Promise<void> {
  await trx
    .insertInto('farm_index')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['chain_id', 'address']).doUpdateSet((eb) => ({
        token0_symbol: eb.ref('excluded.token0_symbol'),
        token1_symbol: eb.ref('excluded.token1_symbol'),
        reward_a_symbol: eb.ref('excluded.reward_a_symbol'),
        reward_b_symbol: eb.ref('excluded.reward_b_symbol'),
        reward_rate_a: eb.ref('excluded.reward_rate_a'),
        reward_rate_b: eb.ref('excluded.reward_rate_b'),
        period_finish: eb.ref('excluded.period_finish'),
        is_ended: eb.ref('excluded.is_ended'),
        is_paused: eb.ref('excluded.is_paused'),
        total_staked: eb.ref('excluded.total_staked'),
        tvl_usd: eb.ref('excluded.tvl_usd'),
        apr: eb.ref('excluded.apr'),
        block_number: eb.ref('excluded.block_number'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .execute();
}

/**
 * Writes a stored token's symbol, and its name unless `name` is null (a name the chain does not answer keeps
 * the stored one: a person may have named the token); only where one of them differs.
 */
export async function updateTokenNames(
  trx: DbOrTrx,
  chainId: number,
  token: { address: string; symbol: string; name: string | null },
): Promise<void> {
  await trx
    .updateTable('tokens')
    .set(token.name === null ? { symbol: token.symbol } : { symbol: token.symbol, name: token.name })
    .where('chain_id', '=', chainId)
    .where('address', '=', token.address)
    .where((eb) =>
      eb.or([
        eb('symbol', '!=', token.symbol),
        ...(token.name === null ? [] : [eb('name', 'is distinct from', token.name)]),
      ]),
    )
    .execute();
}
