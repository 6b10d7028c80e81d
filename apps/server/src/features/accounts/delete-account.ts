import type { Kysely } from 'kysely';
import type { Database } from '../../core/db/types.ts';
import {
  deleteTrackingOfUser,
  releaseUntrackedStakes,
  trackedStakesOf,
} from '../../core/farms/tracking-repository.ts';
import { deleteUser } from './repository.ts';

/**
 * Deletes a user and everything that is theirs, in one transaction: the account row (wallets, tracking,
 * tokens, nonces and imports go with it by foreign key), and the schedules, history jobs, events and
 * position snapshots of stakes nobody else tracks. Farms they imported stay (shared, public data).
 */
export async function deleteAccount(db: Kysely<Database>, userId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const stakes = await trackedStakesOf(trx, userId);
    await deleteTrackingOfUser(trx, userId);
    await releaseUntrackedStakes(trx, stakes, { deleteHistory: true });
    await deleteUser(trx, userId);
  });
}
