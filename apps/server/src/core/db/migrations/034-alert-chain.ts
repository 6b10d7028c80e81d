import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Every alert names its chain (issue 47): a notification of a position's event stores the chain it happened on
 * (the webhook and Discord carry it beside the farm's address, which alone names no chain). Events stored before:
 * those of a wallet tracked on a chain beside Polygon link to 'Every chain' (/quickswap/chains), and Base was the
 * only such chain (8453); every other one is Polygon's (137); a paused alert channel's notice belongs to no chain.
 */
export const alertChainMigration: Migration = {
  // biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and use the untyped schema.
  async up(db: Kysely<any>) {
    await db.schema.alterTable('notifications').addColumn('chain_id', 'integer').execute();
    await sql`update notifications
      set chain_id = case when link like '%/quickswap/chains' then 8453 else 137 end
      where rule <> 'channel_paused'`.execute(db);
  },
};
