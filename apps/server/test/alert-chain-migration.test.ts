import { afterEach, expect, it } from 'vitest';
import { migrateToLatest } from '../src/core/db/index.ts';
import { createDatabaseMigratedTo } from './empty-database.ts';

// 034-alert-chain: every alert names its chain (issue 47). Events stored before were all Polygon's (137); a paused
// alert channel's notice belongs to no chain.

let cleanup: () => Promise<void> = async () => {};
afterEach(() => cleanup());

it("stores Polygon's id on the events stored before, and none on a paused channel's notice", async () => {
  const { db, close } = await createDatabaseMigratedTo('033-chain-position-history');
  cleanup = close;
  const at = '2026-01-01T00:00:00.000Z';
  const user = await db
    .insertInto('users')
    .values({ email: 'ada@example.com', password_hash: 'hash', email_confirmed_at: at, created_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  const notification = (rule: 'ending_soon' | 'channel_paused', key: string) => ({
    user_id: user.id,
    event_key: key,
    rule,
    farm_address: '0xf',
    wallet_address: '0xW',
    title: 't',
    body: 'b',
    link: 'http://localhost/x',
    created_at: at,
    email_status: 'off',
  });
  await db
    .insertInto('notifications')
    .values([notification('ending_soon', 'a'), notification('channel_paused', 'b')])
    .execute();
  await migrateToLatest(db);
  const rows = await db.selectFrom('notifications').select(['rule', 'chain_id']).orderBy('id').execute();
  expect(rows).toEqual([
    { rule: 'ending_soon', chain_id: 137 },
    { rule: 'channel_paused', chain_id: null },
  ]);
});
