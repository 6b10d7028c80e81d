import type { WizardVariant } from '@tidewatch/shared';
import { type Kysely, sql } from 'kysely';
import type { Database, DbOrTrx } from '../../core/db/index.ts';
import type { FarmImportRow } from '../../core/db/tables/farm-imports.ts';

export type NewImport = {
  userId: number;
  variant: WizardVariant;
  state: string;
  previousState: string | null;
  farmAddress: string | null;
  data: string;
  now: Date;
};

/**
 * Creates an import row; returns its id, or null when the user already has an open import (one at a time:
 * migration 018's unique index on open imports per user decides, so two requests at once cannot both start).
 */
export async function createImport(db: Kysely<Database>, input: NewImport): Promise<number | null> {
  const at = input.now.toISOString();
  const row = await db
    .insertInto('farm_imports')
    .values({
      user_id: input.userId,
      variant: input.variant,
      state: input.state,
      previous_state: input.previousState,
      farm_address: input.farmAddress,
      data: input.data,
      pinned_block: null,
      created_at: at,
      updated_at: at,
    })
    .onConflict((conflict) => conflict.doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/**
 * Cancels an open import: the row goes (a step still running for it then finds nothing to move, so it
 * writes nothing). False when it is completed or already gone.
 */
export async function deleteOpenImport(db: Kysely<Database>, userId: number, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('farm_imports')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('state', '!=', 'completed')
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** The import with this id if `userId` owns it (another user's import is "not found"). */
export async function findImport(
  db: DbOrTrx,
  userId: number,
  id: number,
): Promise<FarmImportRow | undefined> {
  return db
    .selectFrom('farm_imports')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** The user's imports that are not completed (the realtime channel names tokens only for these). */
export async function findOpenImports(db: Kysely<Database>, userId: number): Promise<FarmImportRow[]> {
  return db
    .selectFrom('farm_imports')
    .selectAll()
    .where('user_id', '=', userId)
    .where('state', '!=', 'completed')
    .orderBy('id')
    .execute();
}

export type StateUpdate = {
  id: number;
  /** Compare-and-set: the update applies only while the row is still in this state. */
  fromState: string;
  state: string;
  previousState: string | null;
  data: string;
  pinnedBlock?: string | null;
  now: Date;
};

/**
 * Moves an import to its next state if nobody moved it meanwhile (two tabs, two processes): returns
 * false when the row was no longer in `fromState`, so the caller answers a conflict instead of
 * overwriting the other step's data.
 */
export async function updateImportState(db: DbOrTrx, update: StateUpdate): Promise<boolean> {
  const result = await db
    .updateTable('farm_imports')
    .set({
      state: update.state,
      previous_state: update.previousState,
      data: update.data,
      updated_at: update.now.toISOString(),
      ...(update.pinnedBlock === undefined ? {} : { pinned_block: update.pinnedBlock }),
    })
    .where('id', '=', update.id)
    .where('state', '=', update.fromState)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Replaces an import's data without moving it (the realtime channel naming a token). */
export async function updateImportData(
  db: Kysely<Database>,
  id: number,
  state: string,
  data: string,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('farm_imports')
    .set({ data, updated_at: now.toISOString() })
    .where('id', '=', id)
    .where('state', '=', state)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * The pair symbols of a farm as the farm index (discovery) last read them, if it lists the farm. Raw SQL
 * for the same reason as findVerifiedWallets: two columns of another module's table.
 */
export async function findIndexedSymbols(
  db: Kysely<Database>,
  chainId: number,
  farmAddress: string,
): Promise<[string, string] | null> {
  const { rows } = await sql<{ token0_symbol: string; token1_symbol: string }>`
    select token0_symbol, token1_symbol from farm_index where chain_id = ${chainId} and address = ${farmAddress}
  `.execute(db);
  const row = rows[0];
  return row ? [row.token0_symbol, row.token1_symbol] : null;
}

/**
 * The user's verified wallet addresses on `chainId` (table of migration 002-wallets). Raw SQL on
 * purpose: this feature only reads two columns of another feature's table.
 */
export async function findVerifiedWallets(
  db: Kysely<Database>,
  userId: number,
  chainId: number,
): Promise<string[]> {
  const { rows } = await sql<{ address: string }>`
    select address from wallets where user_id = ${userId} and chain_id = ${chainId} and verified_at is not null
  `.execute(db);
  return rows.map((row) => row.address);
}
