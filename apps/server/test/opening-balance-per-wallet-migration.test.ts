import { sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { migrateToLatest } from '../src/core/db/index.ts';
import { isPostgres } from '../src/core/db/schema-helpers.ts';
import { createDatabaseMigratedTo } from './empty-database.ts';
import { seedFarms } from './migration-fixtures.ts';

// 026-opening-balance-per-wallet: two wallets of one farm each keep an opening balance ('0x', -1); under the
// old key the second one was dropped on conflict. Stored rows, their ids, and the data_version triggers stay.

let cleanup: () => Promise<void> = async () => {};
afterEach(() => cleanup());

it('keeps one opening balance per wallet of a farm, and still one row per log and wallet', async () => {
  const { db, close } = await createDatabaseMigratedTo('025-dual-claims-rescan');
  cleanup = close;
  const at = '2026-01-01T00:00:00.000Z';
  const {
    farmIds: [farmId],
  } = await seedFarms(db, [{ address: '0xf', kind: 'lp' }], at);
  const opening = (wallet: string, amount: string) => ({
    farm_id: farmId!,
    wallet_address: wallet,
    kind: 'staked' as const,
    reward_token_address: null,
    amount,
    block_number: 100,
    block_time: at,
    tx_hash: '0x',
    log_index: -1,
    amount0: '1',
    amount1: '2',
    usd: 3.5,
    usd_error: null,
  });
  const stored = await db
    .insertInto('position_events')
    .values(opening('0xA', '10'))
    .returning('id')
    .executeTakeFirstOrThrow();

  await migrateToLatest(db);

  const before = await db.selectFrom('data_version').select('version').executeTakeFirstOrThrow();
  await db.insertInto('position_events').values(opening('0xB', '20')).execute();
  const after = await db.selectFrom('data_version').select('version').executeTakeFirstOrThrow();
  expect(Number(after.version)).toBeGreaterThan(Number(before.version));
  await expect(db.insertInto('position_events').values(opening('0xA', '30')).execute()).rejects.toThrow();
  const rows = await db
    .selectFrom('position_events')
    .select(['id', 'wallet_address', 'amount', 'usd'])
    .orderBy('id')
    .execute();
  expect(rows.map((r) => [r.wallet_address, r.amount, r.usd])).toEqual([
    ['0xA', '10', 3.5],
    ['0xB', '20', 3.5],
  ]);
  expect(rows[0]?.id).toBe(stored.id);
  // The ledger's and the history's indexes are still there.
  const indexes = isPostgres(db)
    ? await sql<{
        name: string;
      }>`select indexname as name from pg_indexes where tablename = 'position_events'`.execute(db)
    : await sql<{
        name: string;
      }>`select name from sqlite_master where type = 'index' and tbl_name = 'position_events'`.execute(db);
  expect(indexes.rows.map((r) => r.name)).toEqual(
    expect.arrayContaining(['position_events_pair_idx', 'position_events_wallet_idx']),
  );
});
