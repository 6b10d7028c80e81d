import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findInconsistencies } from '../soak/consistency.ts';
import { type FarmsWorld, importWorldFarms, startFarmsWorld } from './farms-setup.ts';

// The check `npm run soak:crash` runs after every SIGKILL, on a real import's rows: whole sets pass, a
// position snapshot whose farm snapshot is missing (a half-written set) is named.
let w: FarmsWorld;
beforeAll(async () => {
  w = await startFarmsWorld();
  await importWorldFarms(w, ['wethUsdc', 'dualWethWmatic']);
}, 60_000);
afterAll(() => w?.close());

describe('crash consistency check', () => {
  it('passes whole snapshot sets and names a half-written one', async () => {
    const { db, dialect } = w.testApp.database;
    expect(await findInconsistencies(db, dialect)).toEqual([]);

    const farm = await db
      .selectFrom('farm_snapshots')
      .select(['farm_id', 'block_number'])
      .executeTakeFirstOrThrow();
    await db
      .insertInto('position_snapshots')
      .values({
        farm_id: farm.farm_id,
        account_address: w.t.world.accounts.user.address,
        staked: '1',
        earned_a: '0',
        block_number: Number(farm.block_number) + 1,
        created_on: new Date().toISOString(),
      })
      .execute();
    expect(await findInconsistencies(db, dialect)).toEqual([
      'position snapshots without their farm snapshot at the same block: 1',
    ]);
  });
});
