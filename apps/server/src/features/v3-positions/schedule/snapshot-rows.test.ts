import type { V3Position } from '@tidewatch/shared';
import { describe, expect, it } from 'vitest';
import { toV3SnapshotRow } from './snapshot-rows.ts';

const weth = { address: '0x7ceB23fD6bC0adD59E62ac25578270cFf1b9f619', symbol: 'WETH', decimals: 18 };
const usdc = { address: '0x2791Bca1f2de4661ED88A30C99A7a9449Aa84174', symbol: 'USDC', decimals: 6 };
const quick = { address: '0xB5C064F955D8e7F38fE0460C556a72987494eE17', symbol: 'QUICK', decimals: 18 };

/** A position as readV3Positions answers it; only the farming part differs between the cases. */
const positionWith = (farming: V3Position['farming'], rewardsUsd: number | null): V3Position => ({
  token_id: '7',
  owner: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  is_farmed: farming !== null,
  pool: {
    address: '0x55CAaBB0d2b704FD0eF8192A7E35D8837e678207',
    token0: weth,
    token1: usdc,
    tick: 0,
    sqrt_price_x96: '0',
    liquidity: '1',
    fee: 100,
    price: '2500',
    price0_usd: 2_500,
    price1_usd: 1,
  },
  tick_lower: -60,
  tick_upper: 60,
  price_lower: '1',
  price_upper: '2',
  in_range: true,
  liquidity: '1',
  amounts: [
    { token: weth, amount: '1', usd: 2_500 },
    { token: usdc, amount: '2500', usd: 2_500 },
  ],
  fees: null,
  farming,
  value_usd: 5_000,
  fees_usd: null,
  rewards_usd: rewardsUsd,
  is_tracked: false,
  block_number: 100,
});

const incentive = {
  id: '0x01',
  reward_token: quick,
  bonus_reward_token: null,
  start_time: '2026-01-01T00:00:00.000Z',
  end_time: '2027-01-01T00:00:00.000Z',
  is_ended: false,
};

describe('a V3 snapshot row', () => {
  it('stores pending rewards of a farmed position as read', () => {
    const farming = { incentive, pending: [{ token: quick, amount: '3', usd: 1.5 }], unclaimed: [] };
    const row = toV3SnapshotRow(1, positionWith(farming, 1.5), new Date());
    expect([row.rewards_usd, row.pending_rewards_usd]).toEqual([1.5, 1.5]);
  });

  it('stores unknown (null), never $0, when the pending rewards could not be read', () => {
    // readV3Positions: `pending` empty when its static collectRewards failed, rewards_usd null.
    const farming = { incentive, pending: [], unclaimed: [{ token: quick, amount: '1', usd: 0.5 }] };
    const row = toV3SnapshotRow(1, positionWith(farming, null), new Date());
    expect(row.pending_rewards_usd).toBeNull();
    expect(row.rewards_usd).toBeNull();
  });

  it('of a position not farmed: no farming rewards (null), not $0; nothing pending adds to the returns', () => {
    const row = toV3SnapshotRow(1, positionWith(null, 0), new Date());
    expect(row.is_farmed).toBe(0);
    expect(row.rewards_usd).toBeNull();
    expect(row.pending_rewards_usd).toBe(0);
  });
});
