import { afterEach, expect, it } from 'vitest';
import { migrateToLatest } from '../src/core/db/index.ts';
import { createDatabaseMigratedTo } from './empty-database.ts';
import { seedFarms } from './migration-fixtures.ts';

// 017-one-snapshot-per-block: a database that already holds the same block twice (two refreshes sent
// together before issue 30) keeps the earliest row of each block and then refuses a second one.

let cleanup: () => Promise<void> = async () => {};
afterEach(() => cleanup());

it('removes stored duplicate snapshots of a block (the lowest id stays) and refuses new ones', async () => {
  const { db, close } = await createDatabaseMigratedTo('015-farm-index-report');
  cleanup = close;

  const at = new Date().toISOString();
  const {
    poolId,
    farmIds: [farmId],
  } = await seedFarms(db, [{ address: '0xf', kind: 'lp' }], at);
  const poolRow = (block: number, reserve: string) => ({
    pool_id: poolId,
    reserve0: reserve,
    reserve1: '1',
    total_supply: '1',
    block_number: block,
    created_on: at,
  });
  const farmRow = (block: number, supply: string) => ({
    farm_id: farmId!,
    total_supply: supply,
    reward_rate_a: '0',
    period_finish: at,
    is_ended: 0,
    is_paused: 0,
    block_number: block,
    created_on: at,
  });
  const positionRow = (block: number, account: string, staked: string) => ({
    farm_id: farmId!,
    account_address: account,
    staked,
    earned_a: '0',
    block_number: block,
    created_on: at,
  });
  await db
    .insertInto('pool_snapshots')
    .values([poolRow(283, 'first'), poolRow(283, 'second'), poolRow(284, 'other block')])
    .execute();
  await db
    .insertInto('farm_snapshots')
    .values([farmRow(283, 'first'), farmRow(283, 'second'), farmRow(283, 'third')])
    .execute();
  await db
    .insertInto('position_snapshots')
    .values([
      positionRow(283, '0xA', 'first'),
      positionRow(283, '0xA', 'second'),
      positionRow(283, '0xB', 'other wallet'),
      positionRow(284, '0xA', 'next block'),
    ])
    .execute();

  await migrateToLatest(db);

  const kept = async (table: 'pool_snapshots' | 'farm_snapshots' | 'position_snapshots', column: string) =>
    (
      await db
        .selectFrom(table)
        .select(column as 'id')
        .orderBy('id')
        .execute()
    ).map((row) => (row as Record<string, unknown>)[column]);
  expect(await kept('pool_snapshots', 'reserve0')).toEqual(['first', 'other block']);
  expect(await kept('farm_snapshots', 'total_supply')).toEqual(['first']);
  expect(await kept('position_snapshots', 'staked')).toEqual(['first', 'other wallet', 'next block']);
  await expect(
    db
      .insertInto('position_snapshots')
      .values(positionRow(283, '0xA', 'again'))
      .execute(),
  ).rejects.toThrow(/unique/i);
});
