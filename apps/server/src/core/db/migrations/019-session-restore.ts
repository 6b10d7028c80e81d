import type { Kysely, Migration } from 'kysely';
import { addIdColumn } from '../schema-helpers.ts';

/**
 * session_restores: the httpOnly cookie that lets a new tab of a signed-in browser start signed in
 * (decision 022). Each row is one cookie value (hashed); a restore spends it and issues the next one of
 * the same family; a spent one shown again later ends the whole family (a copied cookie).
 * email_tokens.email: the address a 'set a password' link was sent to, for an account that has none yet.
 */
export const sessionRestoreMigration: Migration = {
  // biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and use the untyped schema.
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('session_restores')
      .$call((t) => addIdColumn(db, t))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('family', 'text', (c) => c.notNull())
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .execute();
    await db.schema
      .createIndex('session_restores_user_idx')
      .on('session_restores')
      .column('user_id')
      .execute();
    await db.schema
      .createIndex('session_restores_family_idx')
      .on('session_restores')
      .column('family')
      .execute();
    await db.schema.alterTable('email_tokens').addColumn('email', 'text').execute();
  },
};
