import type { Kysely } from 'kysely';
import type { Database } from '../db/index.ts';

/** The snapshot tables retention thins, each with the columns naming one series (a farm, pool or position). */
export type ThinnedTable = 'position_snapshots' | 'farm_snapshots' | 'pool_snapshots';
export const seriesKeysOf: Record<ThinnedTable, readonly string[]> = {
  position_snapshots: ['farm_id', 'account_address'],
  farm_snapshots: ['farm_id'],
  pool_snapshots: ['pool_id'],
};

type SnapshotStamp = { id: number; created_on: string } & Record<string, unknown>;

/** A table's snapshots taken before `before` (ISO): id, time and series columns, oldest first. */
export async function findSnapshotsTakenBefore(
  db: Kysely<Database>,
  table: ThinnedTable,
  before: string,
): Promise<SnapshotStamp[]> {
  // biome-ignore lint/suspicious/noExplicitAny: the three tables share these columns; one query serves them.
  return (await (db as Kysely<any>)
    .selectFrom(table)
    .select(['id', 'created_on', ...seriesKeysOf[table]])
    .where('created_on', '<', before)
    .orderBy('created_on')
    .orderBy('id')
    .execute()) as SnapshotStamp[];
}

/** Deletes a table's snapshots by id, 500 at a time (statements stay under the databases' parameter limits). */
export async function deleteSnapshotsById(db: Kysely<Database>, table: ThinnedTable, ids: number[]) {
  for (let i = 0; i < ids.length; i += 500) {
    // biome-ignore lint/suspicious/noExplicitAny: see findSnapshotsTakenBefore.
    await (db as Kysely<any>)
      .deleteFrom(table)
      .where('id', 'in', ids.slice(i, i + 500))
      .execute();
  }
}

/**
 * Deletes rows nothing needs any more: e-mail tokens, nonces and revoked-token rows expired at `now`,
 * throttle rows before `throttleRowsBefore`, unfinished imports untouched since `abandonedImportsBefore`
 * (all ISO). Returns the rows deleted per table.
 */
export async function deleteExpiredRows(
  db: Kysely<Database>,
  cutoffs: { now: string; throttleRowsBefore: string; abandonedImportsBefore: string },
): Promise<Record<string, number>> {
  const count = (result: { numDeletedRows: bigint }[]) => Number(result[0]?.numDeletedRows ?? 0n);
  return {
    email_tokens: count(await db.deleteFrom('email_tokens').where('expires_at', '<', cutoffs.now).execute()),
    siwe_nonces: count(await db.deleteFrom('siwe_nonces').where('expires_at', '<', cutoffs.now).execute()),
    revoked_tokens: count(
      await db.deleteFrom('revoked_tokens').where('expires_at', '<', cutoffs.now).execute(),
    ),
    throttle_hits: count(
      await db.deleteFrom('throttle_hits').where('created_at', '<', cutoffs.throttleRowsBefore).execute(),
    ),
    farm_imports: count(
      await db
        .deleteFrom('farm_imports')
        .where('state', '!=', 'completed')
        .where('updated_at', '<', cutoffs.abandonedImportsBefore)
        .execute(),
    ),
  };
}
