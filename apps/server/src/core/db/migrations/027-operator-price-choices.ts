import type { Kysely, Migration } from 'kysely';
import { addIdColumn } from '../schema-helpers.ts';

/**
 * Instance-wide choices belong to the operator (issue 42, finding 1; decision 033).
 * - `tokens.price_choice_by` / `price_choice_at`: who changed the token's price source from its farm page and
 *   when (null: as the first import of the token set it), shown read-only to everyone else.
 * - `price_choice_requests`: a user's request to the operator for another source, one open per user and token.
 */
export const operatorPriceChoicesMigration: Migration = {
  // biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and use the untyped schema.
  async up(db: Kysely<any>) {
    await db.schema.alterTable('tokens').addColumn('price_choice_by', 'text').execute();
    await db.schema.alterTable('tokens').addColumn('price_choice_at', 'text').execute();
    await db.schema
      .createTable('price_choice_requests')
      .$call((t) => addIdColumn(db, t))
      .addColumn('token_id', 'integer', (c) => c.notNull().references('tokens.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('price_source', 'text', (c) => c.notNull())
      .addColumn('coinmarketcap_id', 'integer')
      .addColumn('note', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('price_choice_requests_one_per_user', ['token_id', 'user_id'])
      .execute();
  },
};
