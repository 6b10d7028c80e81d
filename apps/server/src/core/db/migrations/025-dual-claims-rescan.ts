import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Dual farms' claims stored under the wrong token (found by issue 35's acceptance test): the log decoder read
 * the RewardPaid field under another name, so every dual claim fell back to reward token A and was valued at
 * A's price (a WMATIC claim stored as dQUICK, 90× its worth). Rows cannot be mended without the logs, so each
 * affected (dual farm, wallet) history drops its claims and rescans from the block before the first one: the
 * fixed decoder stores them again (stakes and withdrawals already there are kept by their unique key).
 * scanned_to_hash is cleared, so the reorg check does not read the rewound block's hash as a reorganisation.
 */
export const dualClaimsRescanMigration: Migration = {
  // biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and use the untyped schema.
  async up(db: Kysely<any>) {
    const now = new Date().toISOString();
    await sql`update history_backfills set
        scanned_to_block = (
          select min(e.block_number) - 1 from position_events e
          where e.farm_id = history_backfills.farm_id and e.wallet_address = history_backfills.wallet_address
            and e.kind = 'reward_paid'),
        scanned_to_hash = null,
        status = case when status in ('done', 'failed', 'running') then 'running' else status end,
        lease_until = null,
        next_attempt_at = ${now},
        updated_at = ${now}
      where farm_id in (select id from farms where kind = 'dual')
        and exists (
          select 1 from position_events e
          where e.farm_id = history_backfills.farm_id and e.wallet_address = history_backfills.wallet_address
            and e.kind = 'reward_paid')`.execute(db);
    await sql`delete from position_events
      where kind = 'reward_paid' and farm_id in (select id from farms where kind = 'dual')`.execute(db);
  },
};
