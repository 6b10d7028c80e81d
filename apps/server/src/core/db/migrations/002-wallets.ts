import { type Kysely, type Migration, sql } from 'kysely';
import { addIdColumn, isPostgres } from '../schema-helpers.ts';

/**
 * Wallets: blockchains, the wallet catalogue, saved wallets and SIWE nonces. Also lets users exist
 * without e-mail and password (accounts created from a wallet) and records the address such an
 * account signs in with (`users.wallet_address`, unique). See docs/decisions/007-wallet-ownership-siwe.md.
 */
export const walletsMigration: Migration = {
  // biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and use the untyped schema.
  async up(db: Kysely<any>) {
    if (isPostgres(db)) {
      await sql`alter table users alter column email drop not null`.execute(db);
      await sql`alter table users alter column password_hash drop not null`.execute(db);
      await sql`alter table users add column wallet_address text`.execute(db);
      await sql`create unique index users_wallet_address_key on users (wallet_address)`.execute(db);
    } else {
      await recreateSqliteUsers(db);
    }

    await db.schema
      .createTable('blockchains')
      .$call((t) => addIdColumn(db, t))
      .addColumn('name', 'text', (c) => c.notNull().unique())
      .addColumn('chain_id', 'integer', (c) => c.notNull().unique())
      .addColumn('explorer_url', 'text', (c) => c.notNull())
      .execute();
    await db
      .insertInto('blockchains')
      .values({ name: 'Polygon', chain_id: 137, explorer_url: 'https://polygonscan.com' })
      .execute();

    // One row per (wallet service, blockchain); the API groups them by name in `position` order.
    await db.schema
      .createTable('wallet_catalogue')
      .$call((t) => addIdColumn(db, t))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('chain_id', 'integer', (c) => c.notNull().references('blockchains.chain_id'))
      .addColumn('position', 'integer', (c) => c.notNull())
      .addUniqueConstraint('wallet_catalogue_name_chain_key', ['name', 'chain_id'])
      .execute();
    await db
      .insertInto('wallet_catalogue')
      .values({ name: 'MetaMask', chain_id: 137, position: 1 })
      .execute();

    // Addresses are stored EIP-55 checksummed; the checksum is a function of the address, so equal
    // addresses in any case have the same stored form and the unique key below catches duplicates.
    await db.schema
      .createTable('wallets')
      .$call((t) => addIdColumn(db, t))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('address', 'text', (c) => c.notNull())
      .addColumn('chain_id', 'integer', (c) => c.notNull().references('blockchains.chain_id'))
      .addColumn('verified_at', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('wallets_user_chain_address_key', ['user_id', 'chain_id', 'address'])
      .execute();

    await db.schema
      .createTable('siwe_nonces')
      .$call((t) => addIdColumn(db, t))
      .addColumn('nonce', 'text', (c) => c.notNull().unique())
      .addColumn('purpose', 'text', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
      .addColumn('address', 'text', (c) => c.notNull())
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('issued_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('consumed_at', 'text')
      .addColumn('saved_at', 'text')
      .execute();
    await db.schema.createIndex('siwe_nonces_expires_idx').on('siwe_nonces').column('expires_at').execute();
  },
};

/**
 * SQLite cannot drop NOT NULL in place, so the table is rebuilt with SQLite's documented 12-step
 * procedure. Foreign keys must be off meanwhile, or dropping the old table would cascade-delete
 * e-mail tokens and exchange connections; Kysely runs SQLite migrations outside a transaction, so
 * the pragma takes effect and we open our own transaction around the rebuild.
 */
// biome-ignore lint/suspicious/noExplicitAny: see above.
async function recreateSqliteUsers(db: Kysely<any>): Promise<void> {
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await sql`begin`.execute(db);
    try {
      await sql`create table users_new (
        id integer primary key autoincrement,
        email text unique,
        password_hash text,
        email_confirmed_at text,
        created_at text not null,
        wallet_address text unique
      )`.execute(db);
      await sql`insert into users_new (id, email, password_hash, email_confirmed_at, created_at)
        select id, email, password_hash, email_confirmed_at, created_at from users`.execute(db);
      await sql`drop table users`.execute(db);
      await sql`alter table users_new rename to users`.execute(db);
      const broken = await sql`pragma foreign_key_check`.execute(db);
      if (broken.rows.length > 0) throw new Error('foreign keys broken while rebuilding users');
      await sql`commit`.execute(db);
    } catch (error) {
      await sql`rollback`.execute(db);
      throw error;
    }
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}
