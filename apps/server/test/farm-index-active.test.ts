import { farmIndexPageSchema } from '@tidewatch/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshFarmIndex } from '../src/core/farm-index/index-refresh.ts';
import { type FarmsWorld, startFarmsWorld } from './farms-setup.ts';

// Issue 30, polish: the farm index's 'active' filter listed a farm that has not started (deployed, never
// notified: rewardRate 0, periodFinish 0) and the paused dual farm. 'active' is what a farm's page says
// (web lib/farm-status.ts): not paused, not ended, a reward period set.
let w: FarmsWorld;

beforeAll(async () => {
  w = await startFarmsWorld();
  await refreshFarmIndex({
    db: w.testApp.database.db,
    pipeline: w.writer,
    chain: w.t.chain,
    chainId: w.t.world.chainId,
    factories: { lp: [w.t.world.lpFarmFactory], dual: [w.t.world.dualFarmFactory] },
    registry: [],
    pairFactory: w.t.world.factory,
  });
}, 120_000);
afterAll(() => w?.close());

const page = async (query: string) => {
  const response = await w.testApp.request({
    method: 'GET',
    url: `/api/quickswap/farm-index?per_page=100&${query}`,
  });
  expect(response.statusCode).toBe(200);
  return farmIndexPageSchema.parse(response.json());
};

describe("the farm index's 'active' filter", () => {
  it('leaves out a farm never funded and a paused farm; both are still listed under all', async () => {
    const unfunded = w.t.world.farms.wethWmaticUnfunded.address;
    const all = await page('status=all');
    const listed = (address: string) => all.items.find((item) => item.address === address);
    expect(listed(unfunded)).toMatchObject({ is_ended: false, period_finish: new Date(0).toISOString() });
    const paused = all.items.filter((item) => item.is_paused);
    expect(paused.length).toBeGreaterThan(0);

    const active = await page('status=active');
    expect(active.items.length).toBeGreaterThan(0);
    expect(active.items.map((item) => item.address)).not.toContain(unfunded);
    for (const item of active.items) {
      expect({ address: item.address, is_paused: item.is_paused, is_ended: item.is_ended }).toEqual({
        address: item.address,
        is_paused: false,
        is_ended: false,
      });
      expect(Date.parse(item.period_finish)).toBeGreaterThan(0);
    }
    expect(active.total).toBe(
      all.items.filter((i) => !i.is_ended && !i.is_paused && Date.parse(i.period_finish) > 0).length,
    );
  });
});
