import { afterEach, expect, it } from 'vitest';
import { migrateToLatest } from '../src/core/db/index.ts';
import { createDatabaseMigratedTo } from './empty-database.ts';
import { seedFarms } from './migration-fixtures.ts';

// 025-dual-claims-rescan: dual farms' claims stored under reward token A (the decoder's field name was wrong)
// are dropped and their history rewinds to the block before the first claim, so the fixed decoder stores them
// again; stakes, withdrawals and LP farms' claims stay as they are.

let cleanup: () => Promise<void> = async () => {};
afterEach(() => cleanup());

it("drops dual farms' stored claims and rewinds their history to just before the first one", async () => {
  const { db, close } = await createDatabaseMigratedTo('024-alert-channels');
  cleanup = close;
  const at = '2026-01-01T00:00:00.000Z';
  const { farmIds } = await seedFarms(
    db,
    [
      { address: '0xd', kind: 'dual' },
      { address: '0xl', kind: 'lp' },
    ],
    at,
  );
  const [dual, lp] = farmIds as [number, number];
  const event = (farmId: number, kind: 'staked' | 'reward_paid', block: number) => ({
    farm_id: farmId,
    wallet_address: '0xW',
    kind,
    reward_token_address: kind === 'reward_paid' ? '0xt' : null,
    amount: '5',
    block_number: block,
    block_time: at,
    tx_hash: `0x${farmId}${block}`,
    log_index: 0,
    amount0: null,
    amount1: null,
    usd: 1,
    usd_error: null,
  });
  await db
    .insertInto('position_events')
    .values([
      event(dual, 'staked', 100),
      event(dual, 'reward_paid', 150),
      event(dual, 'reward_paid', 180),
      event(lp, 'staked', 100),
      event(lp, 'reward_paid', 160),
    ])
    .execute();
  const job = (farmId: number) => ({
    farm_id: farmId,
    wallet_address: '0xW',
    status: 'done',
    scanned_to_block: 200,
    scanned_to_hash: '0xhash',
    next_attempt_at: '2099-01-01T00:00:00.000Z',
    updated_at: at,
  });
  await db
    .insertInto('history_backfills')
    .values([job(dual), job(lp)])
    .execute();

  await migrateToLatest(db);

  const events = await db
    .selectFrom('position_events')
    .select(['farm_id', 'kind', 'block_number'])
    .orderBy('farm_id')
    .orderBy('block_number')
    .execute();
  expect(events.map((e) => [e.farm_id, e.kind, Number(e.block_number)])).toEqual([
    [dual, 'staked', 100],
    [lp, 'staked', 100],
    [lp, 'reward_paid', 160],
  ]);
  const jobs = await db
    .selectFrom('history_backfills')
    .select(['farm_id', 'status', 'scanned_to_block', 'scanned_to_hash', 'next_attempt_at'])
    .orderBy('farm_id')
    .execute();
  const [dualJob, lpJob] = jobs;
  expect(Number(dualJob?.scanned_to_block)).toBe(149);
  expect(dualJob?.scanned_to_hash).toBeNull();
  expect(dualJob?.status).toBe('running');
  expect(new Date(dualJob!.next_attempt_at).getTime()).toBeLessThanOrEqual(Date.now());
  expect(lpJob).toMatchObject({ status: 'done', scanned_to_hash: '0xhash' });
  expect(Number(lpJob?.scanned_to_block)).toBe(200);
});
