import { farmDetailSchema, lpFarmListItemSchema } from '@tidewatch/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FarmsWorld, startFarmsWorldWithUser, trackWorldFarms } from './farms-setup.ts';

// Issue 30, finding 3: a refresh clicked twice (or sent from two tabs) at the same block must leave ONE
// snapshot per (farm, wallet), per farm and per pool for that block: the history, the chart and the CSV
// list each block once. The chain is mined on demand, so requests sent together read the same block.
let w: FarmsWorld;
let user: { token: string; userId: number };

beforeAll(async () => {
  ({ w, user } = await startFarmsWorldWithUser(['wethUsdc']));
  await trackWorldFarms(w, user, ['wethUsdc']);
}, 120_000);
afterAll(() => w?.close());

const farmAddress = () => w.t.world.farms.wethUsdc.address;
const wallet = () => w.t.world.accounts.user.address;

const refresh = () =>
  w.testApp.request({
    method: 'POST',
    url: '/api/quickswap/create-snapshots',
    token: user.token,
    payload: { address: farmAddress(), account_address: wallet() },
  });

/** How many rows of `table` each block has, for this test's farm (and wallet, for positions). */
async function rowsPerBlock(table: 'position_snapshots' | 'farm_snapshots' | 'pool_snapshots') {
  const db = w.testApp.database.db;
  const farm = await db
    .selectFrom('farms')
    .select(['id', 'pool_id'])
    .where('address', '=', farmAddress())
    .executeTakeFirstOrThrow();
  const rows =
    table === 'pool_snapshots'
      ? await db
          .selectFrom('pool_snapshots')
          .select('block_number')
          .where('pool_id', '=', farm.pool_id)
          .execute()
      : table === 'farm_snapshots'
        ? await db
            .selectFrom('farm_snapshots')
            .select('block_number')
            .where('farm_id', '=', farm.id)
            .execute()
        : await db
            .selectFrom('position_snapshots')
            .select('block_number')
            .where('farm_id', '=', farm.id)
            .where('account_address', '=', wallet())
            .execute();
  const counts = new Map<number, number>();
  for (const row of rows)
    counts.set(Number(row.block_number), (counts.get(Number(row.block_number)) ?? 0) + 1);
  return counts;
}

describe('refresh is single-flight on the server', () => {
  it('five refreshes sent at once at one block store one snapshot of each kind, and every answer shows it', async () => {
    const block = Number(await w.t.anvil.client.getBlockNumber());
    const answers = await Promise.all(Array.from({ length: 5 }, refresh));
    for (const answer of answers) expect(answer.statusCode).toBe(200);
    const items = answers.map((answer) => lpFarmListItemSchema.parse(answer.json()));
    for (const item of items) {
      expect(item.farm_position_snapshot?.block_number).toBe(block);
      expect(item.farm.snapshot?.block_number).toBe(block);
      expect(item.pool.snapshot?.block_number).toBe(block);
    }
    for (const table of ['position_snapshots', 'farm_snapshots', 'pool_snapshots'] as const) {
      expect({ table, rows: (await rowsPerBlock(table)).get(block) }).toEqual({ table, rows: 1 });
    }
  });

  it('the history and the CSV list each block once', async () => {
    await Promise.all([refresh(), refresh(), refresh()]);
    const detail = farmDetailSchema.parse(
      (
        await w.testApp.request({
          method: 'GET',
          url: `/api/quickswap/farm/details/${farmAddress()}?account=${wallet()}`,
          token: user.token,
        })
      ).json(),
    );
    const blocks = detail.farm_position_snapshots.map((s) => s.block_number);
    expect(blocks.length).toBeGreaterThan(0);
    expect(blocks).toEqual([...new Set(blocks)]);

    const csv = await w.testApp.request({
      method: 'GET',
      url: `/api/quickswap/farm/details/${farmAddress()}/positions.csv?account=${wallet()}`,
      token: user.token,
    });
    expect(csv.statusCode).toBe(200);
    const [header, ...lines] = csv.body.trim().split(/\r?\n/);
    const blockColumn = header!.split(',').indexOf('block');
    expect(blockColumn).toBeGreaterThanOrEqual(0);
    const csvBlocks = lines.map((line) => line.split(',')[blockColumn]);
    expect(csvBlocks).toHaveLength(blocks.length);
    expect(csvBlocks).toEqual([...new Set(csvBlocks)]);
  });
});
