import { stakingDualRewards, stakingRewards } from '@tidewatch/contracts';
import type { FarmKey } from '@tidewatch/testkit';
import { formatUnits } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FarmsWorld, startFarmsWorldWithUser, trackWorldFarms } from './farms-setup.ts';

// Each farm state QuickSwap's deployed farms can be in, read and shown from functions they really have
// (periodFinish, rewardRate, paused; no rewardsDuration()), through the spec's API paths.
let w: FarmsWorld;
let user: { token: string; userId: number };
const keys = ['wethWmaticUnfunded', 'quickWmaticEnded', 'dualDquickUsdcPaused', 'wmaticUsdc'] as const;

beforeAll(async () => {
  ({ w, user } = await startFarmsWorldWithUser([...keys]));
  await trackWorldFarms(w, user, keys);
}, 60_000);
afterAll(() => w?.close());

/** Refreshes through the spec's snapshot endpoints and answers the farm snapshot. */
async function refreshFarm(key: FarmKey) {
  const farm = w.t.world.farms[key];
  const account_address = w.t.world.accounts.user.address;
  const response = await w.testApp.request({
    method: 'POST',
    url: farm.kind === 'lp' ? '/api/quickswap/create-snapshots' : '/api/quickswap/dual-mining/snapshots',
    token: user.token,
    payload:
      farm.kind === 'lp'
        ? { address: farm.address, account_address }
        : { farm_address: farm.address, account_address },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().farm.snapshot;
}

const readFarm = (key: FarmKey, functionName: string, blockNumber: bigint) =>
  w.t.anvil.client.readContract({
    address: w.t.world.farms[key].address,
    abi: w.t.world.farms[key].kind === 'lp' ? stakingRewards.abi : stakingDualRewards.abi,
    functionName,
    blockNumber,
  } as never) as Promise<bigint>;

describe('farm states', () => {
  it('a farm never funded (periodFinish 0): not ended, no reward rate, APR 0', async () => {
    const snapshot = await refreshFarm('wethWmaticUnfunded');
    expect(await readFarm('wethWmaticUnfunded', 'periodFinish', BigInt(snapshot.block_number))).toBe(0n);
    expect(snapshot).toMatchObject({ is_ended: false, apr: 0, reward_rate: '0' });
  });

  it('an ended farm whose rewardRate is still non-zero: marked ended, APR 0', async () => {
    const snapshot = await refreshFarm('quickWmaticEnded');
    const rate = await readFarm('quickWmaticEnded', 'rewardRate', BigInt(snapshot.block_number));
    expect(rate).toBeGreaterThan(0n);
    expect(snapshot.reward_rate).toBe(formatUnits(rate, 18));
    expect(snapshot).toMatchObject({ is_ended: true, apr: 0 });
  });

  it('a paused dual farm: marked paused, still earning, APR known', async () => {
    const snapshot = await refreshFarm('dualDquickUsdcPaused');
    expect(snapshot).toMatchObject({ is_paused: true, is_ended: false });
    expect(snapshot.apr).toBeGreaterThan(0);
  });

  it('a farm topped up mid-period with a new duration: the new rate and period end, read from the chain', async () => {
    const snapshot = await refreshFarm('wmaticUsdc');
    const block = BigInt(snapshot.block_number);
    const [rate, periodFinish] = await Promise.all([
      readFarm('wmaticUsdc', 'rewardRate', block),
      readFarm('wmaticUsdc', 'periodFinish', block),
    ]);
    expect(snapshot.reward_rate).toBe(formatUnits(rate, 18));
    expect(new Date(snapshot.period_finish).getTime()).toBe(Number(periodFinish) * 1000);
    const { timestamp } = await w.t.anvil.client.getBlock({ blockNumber: block });
    // Topped up for 45 days after the first 30-day period had run an hour.
    expect(periodFinish - timestamp).toBeGreaterThan(44n * 86_400n);
    expect(snapshot).toMatchObject({ is_ended: false });
    expect(snapshot.apr).toBeGreaterThan(0);
  });
});
