import type { Kysely } from 'kysely';
import type { Database } from '../../core/db/index.ts';

/** The farm books' own SQL: which stored position snapshot value now is read from. */

/** The wallet's newest position snapshot of the farm at or below `block`, if any (checksummed wallet). */
export function findPositionSnapshotAtOrBelow(
  db: Kysely<Database>,
  farmId: number,
  wallet: string,
  block: number,
) {
  return db
    .selectFrom('position_snapshots')
    .selectAll()
    .where('farm_id', '=', farmId)
    .where('account_address', '=', wallet)
    .where('block_number', '<=', block)
    .orderBy('block_number', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}
