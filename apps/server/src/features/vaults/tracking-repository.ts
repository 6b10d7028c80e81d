import type { Kysely } from 'kysely';
import type { Database, DbOrTrx } from '../../core/db/index.ts';
import type { VaultPositionType } from '../../core/db/tables/vault-positions.ts';

/** The vaults tool's tracked positions and their snapshots, in SQL. */

type Db = Kysely<Database>;

/** A position as the snapshots read it: which wallet, which contract, which kind of contract. */
export type VaultPositionRef = {
  positionId: number;
  wallet: string;
  contract: string;
  type: VaultPositionType;
};

/** The (chain, wallet, contract) position's id, added when new (another process adding it meanwhile is fine). */
export async function upsertVaultPosition(
  db: DbOrTrx,
  position: { chainId: number; wallet: string; contract: string; type: VaultPositionType; at: string },
): Promise<number> {
  await db
    .insertInto('vault_positions')
    .values({
      chain_id: position.chainId,
      wallet_address: position.wallet,
      contract_address: position.contract,
      position_type: position.type,
      created_at: position.at,
    })
    .onConflict((oc) => oc.columns(['chain_id', 'wallet_address', 'contract_address']).doNothing())
    .execute();
  const row = await db
    .selectFrom('vault_positions')
    .select('id')
    .where('chain_id', '=', position.chainId)
    .where('wallet_address', '=', position.wallet)
    .where('contract_address', '=', position.contract)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The user tracks the position (once: tracking it again changes nothing). Answers the tracking row's id. */
export async function insertTrackedVaultPosition(
  db: DbOrTrx,
  userId: number,
  positionId: number,
  at: string,
): Promise<number> {
  await db
    .insertInto('vault_tracked_positions')
    .values({ user_id: userId, position_id: positionId, created_at: at })
    .onConflict((oc) => oc.columns(['user_id', 'position_id']).doNothing())
    .execute();
  const row = await db
    .selectFrom('vault_tracked_positions')
    .select('id')
    .where('user_id', '=', userId)
    .where('position_id', '=', positionId)
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Stops the user's tracking `id`; false when it is not theirs (or not there). Looked up first: on PostgreSQL a
 * DELETE of no row still fires the statement's data_version trigger, and a refused request must write nothing.
 */
export async function deleteTrackedVaultPosition(db: Db, userId: number, id: number): Promise<boolean> {
  const mine = await db
    .selectFrom('vault_tracked_positions')
    .select('id')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!mine) return false;
  await db.deleteFrom('vault_tracked_positions').where('id', '=', mine.id).execute();
  return true;
}

/** The user's tracked positions on the chain, oldest tracked first, with each one's newest snapshot. */
export async function findTrackedVaultPositions(db: Db, userId: number, chainId: number) {
  return db
    .selectFrom('vault_tracked_positions as t')
    .innerJoin('vault_positions as p', 'p.id', 't.position_id')
    .leftJoin('vault_position_snapshots as s', (join) =>
      join
        .onRef('s.position_id', '=', 'p.id')
        .on((eb) =>
          eb(
            's.id',
            '=',
            eb
              .selectFrom('vault_position_snapshots as n')
              .select('n.id')
              .whereRef('n.position_id', '=', 'p.id')
              .orderBy('n.block_number', 'desc')
              .limit(1),
          ),
        ),
    )
    .select([
      't.id',
      't.created_at as tracked_at',
      'p.id as position_id',
      'p.wallet_address',
      'p.contract_address',
      'p.position_type',
      's.block_number',
      's.created_on',
      's.value_usd',
      's.rewards_usd',
      's.ends_at',
      's.figures',
    ])
    .where('t.user_id', '=', userId)
    .where('p.chain_id', '=', chainId)
    .orderBy('t.id')
    .execute();
}

/** A snapshot of a position at a block; a second one of the same block is left as the first. */
export async function insertVaultSnapshots(
  db: DbOrTrx,
  rows: {
    position_id: number;
    block_number: number;
    created_on: string;
    value_usd: number | null;
    rewards_usd: number | null;
    ends_at: string | null;
    in_range: number | null;
    figures: string;
  }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('vault_position_snapshots')
    .values(rows)
    .onConflict((oc) => oc.columns(['position_id', 'block_number']).doNothing())
    .execute();
}
