import { afterEach, expect, it } from 'vitest';
import { migrateToLatest } from '../src/core/db/index.ts';
import { createDatabaseMigratedTo } from './empty-database.ts';

// 034-alert-chain: every alert names its chain (issue 47). Events stored before: a wallet's on Base (they link to
// 'Every chain') are Base's (8453), the others Polygon's (137); a paused alert channel's notice belongs to no chain.

let cleanup: () => Promise<void> = async () => {};
afterEach(() => cleanup());

it("stores Base's id on Base's events stored before, Polygon's on the others, none on a paused channel's notice", async () => {
  const { db, close } = await createDatabaseMigratedTo('033-chain-position-history');
  cleanup = close;
  const at = '2026-01-01T00:00:00.000Z';
  const user = await db
    .insertInto('users')
    .values({ email: 'ada@example.com', password_hash: 'hash', email_confirmed_at: at, created_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  const notification = (
    rule: 'ending_soon' | 'out_of_range' | 'channel_paused',
    key: string,
    link: string,
  ) => ({
    user_id: user.id,
    event_key: key,
    rule,
    farm_address: '0xf',
    wallet_address: '0xW',
    title: 't',
    body: 'b',
    link,
    created_at: at,
    email_status: 'off',
  });
  await db
    .insertInto('notifications')
    .values([
      notification('ending_soon', 'a', 'http://localhost/quickswap/dual-mining/details/0xf'),
      notification('out_of_range', 'b', 'http://localhost/quickswap/chains'),
      notification('channel_paused', 'c', 'http://localhost/settings/alerts'),
    ])
    .execute();
  await migrateToLatest(db);
  const rows = await db.selectFrom('notifications').select(['rule', 'chain_id']).orderBy('id').execute();
  expect(rows).toEqual([
    { rule: 'ending_soon', chain_id: 137 },
    { rule: 'out_of_range', chain_id: 8453 },
    { rule: 'channel_paused', chain_id: null },
  ]);
});
