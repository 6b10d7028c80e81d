import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/index.ts';

/**
 * The job tables that keep one row per thing a user follows, whoever follows it: the snapshot schedules and the
 * history jobs of each position kind. Each names its tracking table and the columns it shares with it (what a row
 * names); keeping the rows in step with the tracking is written here once, for every kind.
 */
const followed = {
  snapshot_schedule: { tracking: 'tracked_farms', keys: ['farm_id', 'wallet_address'] },
  history_backfills: { tracking: 'tracked_farms', keys: ['farm_id', 'wallet_address'] },
  v3_snapshot_schedule: { tracking: 'v3_tracked_positions', keys: ['position_id'] },
  v3_history_backfills: { tracking: 'v3_tracked_positions', keys: ['position_id'] },
  vault_snapshot_schedule: { tracking: 'vault_tracked_positions', keys: ['position_id'] },
  chain_snapshot_schedule: { tracking: 'chain_tracked_wallets', keys: ['chain_wallet_id'] },
} as const satisfies Record<string, { tracking: keyof Database; keys: readonly string[] }>;

export type FollowingTable = keyof typeof followed;

/** `row`'s key columns equal to the tracking row `t`'s. */
const sameThing = (table: FollowingTable, row: string) =>
  sql.join(
    followed[table].keys.map((key) => sql`${sql.ref(`${row}.${key}`)} = ${sql.ref(`t.${key}`)}`),
    sql` and `,
  );

/** What is tracked and has no row in `table` yet: the key columns' values, once each. */
export async function findFollowedWithoutRow(
  db: Kysely<Database>,
  table: FollowingTable,
): Promise<Record<string, unknown>[]> {
  const { tracking, keys } = followed[table];
  const { rows } = await sql<Record<string, unknown>>`
    select distinct ${sql.join(keys.map((key) => sql.ref(`t.${key}`)))}
    from ${sql.table(tracking)} as t
    where not exists (select 1 from ${sql.table(table)} as h where ${sameThing(table, 'h')})`.execute(db);
  return rows;
}

/**
 * Adds a row to `table` for each of `things` (key columns and the row's own first values), leaving a row another
 * process added meanwhile as it is.
 */
export async function insertFollowingRows(
  db: Kysely<Database>,
  table: FollowingTable,
  things: Record<string, unknown>[],
): Promise<void> {
  const { keys } = followed[table];
  for (const values of things) {
    const columns = Object.keys(values);
    await sql`
      insert into ${sql.table(table)} (${sql.join(columns.map((column) => sql.ref(column)))})
      values (${sql.join(columns.map((column) => values[column]))})
      on conflict (${sql.join(keys.map((key) => sql.ref(key)))}) do nothing`.execute(db);
  }
}

/** Drops the rows of `table` nobody tracks any more (what they name keeps its stored snapshots and events). */
export async function deleteUnfollowedRows(db: Kysely<Database>, table: FollowingTable): Promise<void> {
  await sql`
    delete from ${sql.table(table)}
    where not exists (select 1 from ${sql.table(followed[table].tracking)} as t where ${sameThing(table, table)})`.execute(
    db,
  );
}
