import { type Kysely, type RawBuilder, sql, type Updateable } from 'kysely';
import type { Database, DbOrTrx } from '../db/index.ts';
import {
  deleteUnfollowedRows,
  findFollowedWithoutRow,
  insertFollowingRows,
} from '../jobs/followed-rows-repository.ts';
import { claimFirst, isFreeAt, type LeasedTable, leaseFrom } from '../jobs/lease-repository.ts';

/**
 * The history jobs' tables (one row per thing followed, whoever follows it, as the schedule tables of
 * core/jobs/schedule-rows-repository.ts): the same columns in each (status, next_attempt_at, lease_until,
 * failures, scanned_to_block/hash, updated_at). What differs between position kinds is only what a row names and
 * which tracking table follows it; adding the rows, claiming one and updating it are here, once.
 */
export type BackfillTable = Extract<LeasedTable, 'history_backfills' | 'v3_history_backfills'>;

/** The statuses a job is taken in (when due): 'off' rows wait for BACKFILL_DAYS to be set. */
const takenStatuses = ['pending', 'running', 'failed', 'done'] as const;

/** Candidates one claim looks at (the first still free wins). */
const backfillCandidates = 5;

const iso = (date: Date) => date.toISOString();

/**
 * Adds a row for everything tracked that has none: 'pending', or 'off' when BACKFILL_DAYS is 0. Rows nobody
 * tracks any more go (their events stay: tracking again resumes from them). Idempotent; any process.
 */
export async function reconcileBackfillRows(
  db: Kysely<Database>,
  table: BackfillTable,
  now: Date,
  isOff: boolean,
): Promise<void> {
  const missing = await findFollowedWithoutRow(db, table);
  await insertFollowingRows(
    db,
    table,
    missing.map((keys) => ({
      ...keys,
      status: isOff ? 'off' : 'pending',
      next_attempt_at: iso(now),
      updated_at: iso(now),
    })),
  );
  await deleteUnfollowedRows(db, table);
}

/** The condition of a backfill row `h` due and free at `now`. */
const isBackfillDue = (table: BackfillTable, now: Date) =>
  sql<boolean>`(h.status in (${sql.join([...takenStatuses])}) and h.next_attempt_at <= ${iso(now)} and ${isFreeAt(table, iso(now))})`;

/** What the claim needs of a kind's query over its backfill rows `h` (a Kysely select). */
type BackfillQuery<Query> = {
  where(condition: RawBuilder<boolean>): Query;
  orderBy(expression: RawBuilder<unknown>): Query;
  limit(limit: number): Query;
  execute(): Promise<{ id: number }[]>;
};

/**
 * Claims one due job (pending, failed past its back-off, done and due for its catch-up, or running under an
 * expired lease): `query` is the kind's rows `h` joined to what its job needs, its columns selected; the due
 * ones are read oldest first (at most backfillCandidates), and the first still free is taken by a conditional
 * update of its lease, so of several processes exactly one wins it.
 */
export async function claimDueBackfill<Query extends BackfillQuery<Query>>(
  db: Kysely<Database>,
  table: BackfillTable,
  options: { now: Date; leaseMs: number },
  query: Query,
): Promise<Awaited<ReturnType<Query['execute']>>[number] | undefined> {
  const rows = (await query
    .where(isBackfillDue(table, options.now))
    .orderBy(sql`h.next_attempt_at`)
    .limit(backfillCandidates)
    .execute()) as Awaited<ReturnType<Query['execute']>>;
  const won = await claimFirst(
    db,
    table,
    rows.map((row) => row.id),
    leaseFrom(options.now, options.leaseMs),
  );
  return rows.find((row) => row.id === won);
}

/** The columns of a backfill row `h` every kind's job holds (spread into a kind's candidate query). */
export const backfillJobColumns = ['h.id', 'h.scanned_to_block', 'h.scanned_to_hash', 'h.failures'] as const;

/** What every kind's job holds of its row: its id, its failures in a row, and how far its scan got. */
export type BackfillJob = {
  id: number;
  scannedToBlock: bigint | null;
  /** The hash scannedToBlock had when it was scanned; null before the first scan (or before migration 023). */
  scannedToHash: string | null;
  failures: number;
};

export const backfillJobOf = (row: {
  id: number;
  scanned_to_block: number | string | null;
  scanned_to_hash: string | null;
  failures: number;
}): BackfillJob => ({
  id: row.id,
  scannedToBlock: row.scanned_to_block === null ? null : BigInt(row.scanned_to_block),
  scannedToHash: row.scanned_to_hash,
  failures: row.failures,
});

/** Updates a job's row (progress, status); always stamps updated_at. */
export async function updateBackfillRow<Table extends BackfillTable>(
  db: DbOrTrx,
  table: Table,
  id: number,
  now: Date,
  changes: Omit<Updateable<Database[Table]>, 'id' | 'updated_at'>,
): Promise<void> {
  // One statement for both tables; Kysely cannot type `set` over a union of tables, the caller's `changes` is.
  await db
    .updateTable(table as BackfillTable)
    .set({ ...changes, updated_at: iso(now) } as never)
    .where('id', '=', id)
    .execute();
}
