import { sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { migrateToLatest } from '../src/core/db/index.ts';
import { createDatabaseMigratedTo } from './empty-database.ts';
import { seedFarms } from './migration-fixtures.ts';

// 023-transaction-fees (review item 16): history scanned before finality was a rule reached the head, so its
// last blocks were never final; the migration rewinds each scan by FINALITY_DEPTH's default (128 blocks) and
// drops the events above it (not the opening balances), so the next run reads them again up to a final block
// and records the hash it reached. A V2 scan never rewinds below its opening balance's block (review 2 item
// 9): the balance there stands for every stake before it, so reading those blocks again would count them twice.

let cleanup: () => Promise<void> = async () => {};
afterEach(() => cleanup());

it('rewinds V2 and V3 scans by 128 blocks, never below an opening balance, and drops the events above', async () => {
  const { db, close } = await createDatabaseMigratedTo('022-merkl-answers');
  cleanup = close;
  const at = '2026-01-01T00:00:00.000Z';
  // Wallet D's farm: (farm, tx hash, log index) is unique, so two openings ('0x', -1) need two farms.
  const {
    tokenId,
    farmIds: [farmId, farmDId],
  } = await seedFarms(
    db,
    [
      { address: '0xf', kind: 'lp' },
      { address: '0xfd', kind: 'lp' },
    ],
    at,
  );
  const farmOf = (wallet: string) => (wallet === '0xD' ? farmDId! : farmId!);
  const v2Event = (wallet: string, block: number, log: number) => ({
    farm_id: farmOf(wallet),
    wallet_address: wallet,
    kind: 'staked' as const,
    reward_token_address: null,
    amount: '5',
    block_number: block,
    block_time: at,
    tx_hash: log < 0 ? '0x' : `0x${wallet}${block}`,
    log_index: log,
    amount0: null,
    amount1: null,
    usd: 1,
    usd_error: null,
  });
  // Wallet A scanned to 1000 from an opening balance at 100: its stake at 872 stays (1000 − 128), those at
  // 873 and 990 go, the opening balance stays. Wallet D scanned to 1000 from an opening balance at 950 (its
  // window start: the scan read from 951): it rewinds to 950, not 872 (blocks 873..950 are inside the
  // opening balance), and its stakes at 951 and 960 go, to be read again. Wallet B scanned to 100 rewinds to 0; wallet C never scanned
  // keeps its null.
  await db
    .insertInto('position_events')
    .values([
      v2Event('0xA', 100, -1),
      v2Event('0xA', 872, 0),
      v2Event('0xA', 873, 0),
      v2Event('0xA', 990, 1),
      v2Event('0xB', 50, 0),
      v2Event('0xD', 950, -1),
      v2Event('0xD', 951, 0),
      v2Event('0xD', 960, 0),
    ])
    .execute();
  const backfill = (wallet: string, scanned: number | null) => ({
    farm_id: farmOf(wallet),
    wallet_address: wallet,
    status: 'done',
    scanned_to_block: scanned,
    next_attempt_at: at,
    updated_at: at,
  });
  await db
    .insertInto('history_backfills')
    .values([backfill('0xA', 1000), backfill('0xB', 100), backfill('0xC', null), backfill('0xD', 1000)])
    .execute();

  const position = await db
    .insertInto('v3_positions')
    .values({
      chain_id: 137,
      token_id: '7',
      pool_address: '0xpool',
      token0_id: tokenId,
      token1_id: tokenId,
      tick_lower: -60,
      tick_upper: 60,
      created_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const v3Event = (block: number) => ({
    position_id: position.id,
    kind: 'increase_liquidity' as const,
    block_number: block,
    block_time: at,
    tx_hash: `0x${block}`,
    log_index: 0,
    liquidity: '1',
    amounts: '[]',
    usd: 1,
    usd_error: null,
    detail: null,
  });
  await db
    .insertInto('v3_position_events')
    .values([v3Event(400), v3Event(500)])
    .execute();
  await db
    .insertInto('v3_history_backfills')
    .values({
      position_id: position.id,
      status: 'done',
      scanned_to_block: 600,
      next_attempt_at: at,
      updated_at: at,
    })
    .execute();

  await migrateToLatest(db);

  const scans = await db
    .selectFrom('history_backfills')
    .select(['wallet_address', 'scanned_to_block', 'scanned_to_hash'])
    .orderBy('wallet_address')
    .execute();
  expect(
    scans.map((s) => [s.wallet_address, s.scanned_to_block === null ? null : Number(s.scanned_to_block)]),
  ).toEqual([
    ['0xA', 872],
    ['0xB', 0],
    ['0xC', null],
    ['0xD', 950],
  ]);
  expect(scans.every((s) => s.scanned_to_hash === null)).toBe(true);
  const events = await db
    .selectFrom('position_events')
    .select(['wallet_address', 'block_number', 'log_index'])
    .orderBy('wallet_address')
    .orderBy('block_number')
    .execute();
  expect(events.map((e) => `${e.wallet_address}@${Number(e.block_number)}/${e.log_index}`)).toEqual([
    '0xA@100/-1',
    '0xA@872/0',
    '0xD@950/-1',
  ]);
  const v3Scan = await db
    .selectFrom('v3_history_backfills')
    .select('scanned_to_block')
    .executeTakeFirstOrThrow();
  expect(Number(v3Scan.scanned_to_block)).toBe(600 - 128);
  const v3Events = await sql<{
    block_number: number | string;
  }>`select block_number from v3_position_events`.execute(db);
  expect(v3Events.rows.map((r) => Number(r.block_number))).toEqual([400]);
});
