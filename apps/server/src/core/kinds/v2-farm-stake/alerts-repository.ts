import type { Kysely } from 'kysely';
import type { Database } from '../../db/index.ts';

type Db = Kysely<Database>;

/** Who tracks a (farm, wallet) pair, with where and whether they take alert e-mails. */
export function findTrackers(db: Db, farmId: number, wallet: string) {
  return db
    .selectFrom('tracked_farms as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select(['u.id', 'u.email', 'u.alert_email'])
    .where('t.farm_id', '=', farmId)
    .where('t.wallet_address', '=', wallet)
    .execute();
}
