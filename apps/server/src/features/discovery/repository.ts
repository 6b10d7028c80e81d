import type { FarmIndexQuery } from '@tidewatch/shared';
import { type Kysely, type SqlBool, sql } from 'kysely';
import type { Database } from '../../core/db/index.ts';
import { isPostgres } from '../../core/db/schema-helpers.ts';
import type { IndexRow } from '../../core/farm-index/index-repository.ts';

/** Discovery's SQL: the farm index as the lists, find my farms and tracking what it found read it. */

/**
 * One page of the index and the count of all its matches: searched by token symbol (any part, any case) or
 * address (a farm's, its pair's or a token's, or the start of one), filtered by active/ended, kind and, when
 * `heldFarms` is given, those farms only; sorted by TVL or APR, unknown figures last.
 */
export async function findIndexPage(
  db: Kysely<Database>,
  chainId: number,
  query: FarmIndexQuery,
  heldFarms?: string[],
): Promise<{ total: number; rows: IndexRow[] }> {
  let base = db.selectFrom('farm_index').where('chain_id', '=', chainId);
  if (query.kind) base = base.where('kind', '=', query.kind);
  if (query.status === 'ended') base = base.where('is_ended', '=', 1);
  // 'active' as a farm's page says it (web lib/farm-status.ts): not paused, not ended, and a reward
  // period set; a farm deployed but never notified keeps periodFinish 0 and has not started.
  if (query.status === 'active') {
    base = base
      .where('is_ended', '=', 0)
      .where('is_paused', '=', 0)
      .where('period_finish', '>', new Date(0).toISOString());
  }
  if (query.token) {
    const text = query.token.toLowerCase();
    const columns = /^0x[0-9a-f]*$/.test(text)
      ? [
          'address',
          'pair_address',
          'token0_address',
          'token1_address',
          'reward_a_address',
          'reward_b_address',
        ]
      : ['token0_symbol', 'token1_symbol', 'reward_a_symbol', 'reward_b_symbol'];
    // instr, not LIKE: a symbol may hold '%' or '_', and both databases have it (PostgreSQL as strpos).
    const find = isPostgres(db) ? sql.raw('strpos') : sql.raw('instr');
    const contains = (column: string) => sql<SqlBool>`${find}(lower(${sql.ref(column)}), ${text}) > 0`;
    base = base.where((eb) => eb.or(columns.map(contains)));
  }
  if (heldFarms) {
    base = heldFarms.length > 0 ? base.where('address', 'in', heldFarms) : base.where(sql<SqlBool>`1 = 0`);
  }
  const column = query.sort === 'tvl' ? 'tvl_usd' : 'apr';
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    base
      .selectAll()
      // Unknown figures sort last whichever the order: unknown is not zero.
      .orderBy(sql`case when ${sql.ref(column)} is null then 1 else 0 end`)
      .orderBy(column, query.order)
      .orderBy('id')
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page)
      .execute(),
  ]);
  return { total: Number(count.n), rows };
}

/** The index's last failed refresh, if any. */
export function findLastFailedRefresh(
  db: Kysely<Database>,
): Promise<{ started_at: string; error: string | null } | undefined> {
  return db
    .selectFrom('farm_index_runs')
    .select(['started_at', 'error'])
    .where('error', 'is not', null)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The user's saved and watch-only wallets on a chain, oldest first. */
export function findWalletAddresses(db: Kysely<Database>, userId: number, chainId: number) {
  return db
    .selectFrom('wallets')
    .select('address')
    .where('user_id', '=', userId)
    .where('chain_id', '=', chainId)
    .orderBy('id')
    .execute();
}

/** Addresses of the farms the user tracks with `wallet`, lower-cased. */
export async function findTrackedFarmAddresses(
  db: Kysely<Database>,
  userId: number,
  wallet: string,
): Promise<Set<string>> {
  const rows = await db
    .selectFrom('tracked_farms')
    .innerJoin('farms', 'farms.id', 'tracked_farms.farm_id')
    .select('farms.address')
    .where('tracked_farms.user_id', '=', userId)
    .where('tracked_farms.wallet_address', '=', wallet)
    .execute();
  return new Set(rows.map((t) => t.address.toLowerCase()));
}
