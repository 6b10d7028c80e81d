import { afterEach, expect, it } from 'vitest';
import { migrateToLatest } from '../src/core/db/index.ts';
import { createDatabaseMigratedTo } from './empty-database.ts';

// 002-wallets rebuilds `users` on SQLite (to drop NOT NULL): existing accounts, their e-mail tokens
// and the foreign keys pointing at users must survive the rebuild. Runs on PostgreSQL too.

let cleanup: () => Promise<void> = async () => {};
afterEach(() => cleanup());

it('keeps existing users and their dependants across 002-wallets, and foreign keys still hold', async () => {
  const { db, close } = await createDatabaseMigratedTo('001-accounts');
  cleanup = close;

  const at = new Date().toISOString();
  const user = await db
    .insertInto('users')
    .values({ email: 'ada@example.com', password_hash: 'hash', email_confirmed_at: at, created_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('email_tokens')
    .values({
      user_id: user.id,
      purpose: 'confirm_email',
      token_hash: 'h',
      expires_at: at,
      used_at: null,
      created_at: at,
    })
    .execute();

  await migrateToLatest(db);

  expect(await db.selectFrom('users').select(['id', 'email', 'password_hash']).execute()).toEqual([
    { id: user.id, email: 'ada@example.com', password_hash: 'hash' },
  ]);
  expect(await db.selectFrom('email_tokens').select('user_id').execute()).toEqual([{ user_id: user.id }]);
  // A wallet-created account needs neither e-mail nor password.
  await db.insertInto('users').values({ created_at: at, wallet_address: '0xabc' }).execute();
  // Foreign keys still point at the rebuilt table and are enforced.
  await expect(
    db
      .insertInto('email_tokens')
      .values({
        user_id: 9999,
        purpose: 'x',
        token_hash: 'h2',
        expires_at: at,
        used_at: null,
        created_at: at,
      })
      .execute(),
  ).rejects.toThrow(/foreign key/i);
  // Deleting the user still cascades to its tokens.
  await db.deleteFrom('users').where('id', '=', user.id).execute();
  expect(await db.selectFrom('email_tokens').selectAll().execute()).toEqual([]);
});
