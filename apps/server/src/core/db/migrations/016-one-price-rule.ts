import type { Kysely, Migration } from 'kysely';

/**
 * One price per token per moment (issue 30, decision 021).
 * - `tokens.price_choice`: 'onchain' (the default: the on-chain route, readable at every past block) or
 *   'coinmarketcap' (the user chose the price API for this token). A CoinMarketCap id alone no longer
 *   picks the API: the old wizard made every import pick one, so existing tokens start on-chain.
 * - `token_snapshots.onchain_price_usd`: the on-chain price at the snapshot's block beside the price
 *   used, so a later change of choice can revalue stored history without reading the chain again.
 * - `position_snapshots.price_sources`: JSON {token address: source} of the prices the position's
 *   figures used, so the chart and the history can mark a change of source between two points.
 */
export const onePriceRuleMigration: Migration = {
  // biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and use the untyped schema.
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('tokens')
      .addColumn('price_choice', 'text', (col) => col.notNull().defaultTo('onchain'))
      .execute();
    await db.schema
      .alterTable('token_snapshots')
      .addColumn('onchain_price_usd', 'double precision')
      .execute();
    await db.schema.alterTable('position_snapshots').addColumn('price_sources', 'text').execute();
  },
};
