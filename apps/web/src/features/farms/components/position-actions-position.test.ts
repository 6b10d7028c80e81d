import type { FarmDetail, WalletFarm } from '@tidewatch/shared';
import { describe, expect, it } from 'vitest';
import { dualItem, farmAddress, lpItem, walletAddress } from '../testing/fixtures.ts';
import {
  positionFromDetail,
  positionFromListItem,
  positionFromWalletFarm,
} from './position-actions-position.ts';

const poolAddress = lpItem().pool.address;

describe('the position an action works on, from what each screen already has', () => {
  it('a farm card: its account, stake and the one reward of an LP farm', () => {
    expect(positionFromListItem(lpItem())).toEqual({
      walletAddress,
      farmAddress,
      kind: 'lp',
      pair: { address: poolAddress, symbol0: 'WMATIC', symbol1: 'USDC' },
      staked: '2.5',
      stakedUsd: 1234.5,
      earned: [{ token: lpItem().farm.reward_token, amount: '12.3456789', usd: null }],
    });
  });

  it('a dual farm card: both rewards, A then B', () => {
    const item = dualItem();
    expect(positionFromListItem(item)?.earned).toEqual([
      { token: item.farm.reward_token_a, amount: '1.5', usd: 0.75 },
      { token: item.farm.reward_token_b, amount: '3', usd: null },
    ]);
  });

  it('no position without an account or a snapshot of it', () => {
    expect(positionFromListItem(lpItem({ account_address: null }))).toBeNull();
    expect(positionFromListItem(lpItem({ farm_position_snapshot: null }))).toBeNull();
  });

  it("a farm's detail: the newest snapshot of its account", () => {
    const item = lpItem();
    const latest = item.farm_position_snapshot!;
    const older = { ...latest, staked: '9', created_on: '2020-01-01T00:00:00.000Z' };
    const detail: FarmDetail = {
      farm: item.farm,
      pool: item.pool,
      account_address: walletAddress,
      farm_position_snapshots: [older, latest],
      returns: null,
      chart: [],
      history: null,
    };
    expect(positionFromDetail(detail)?.staked).toBe('2.5');
    expect(positionFromDetail({ ...detail, farm_position_snapshots: [] })).toBeNull();
    expect(positionFromDetail({ ...detail, account_address: null })).toBeNull();
  });

  it("find my farms: the index farm's reward tokens beside the amounts found", () => {
    const token = (symbol: string, digit: string, decimals = 18) => ({
      address: `0x${digit.repeat(40)}`,
      symbol,
      decimals,
    });
    const found: WalletFarm = {
      farm: {
        address: farmAddress,
        kind: 'dual',
        pair_address: poolAddress,
        token0: token('WETH', 'f'),
        token1: token('USDC', 'b', 6),
        reward_token_a: token('dQUICK (old)', 'd'),
        reward_token_b: token('WMATIC', 'a'),
        reward_rate_a: '0',
        reward_rate_b: '0',
        period_finish: '2023-05-01T00:00:00.000Z',
        is_ended: true,
        is_paused: false,
        total_staked: '100',
        tvl_usd: null,
        apr: null,
        is_imported: false,
      },
      staked: '0.5',
      staked_usd: 40,
      earned: [
        { symbol: 'dQUICK (old)', amount: '1.25', usd: 60 },
        { symbol: 'WMATIC', amount: '2', usd: null },
      ],
      is_tracked: false,
    };
    expect(positionFromWalletFarm(found, walletAddress)).toEqual({
      walletAddress,
      farmAddress,
      kind: 'dual',
      pair: { address: poolAddress, symbol0: 'WETH', symbol1: 'USDC' },
      staked: '0.5',
      stakedUsd: 40,
      earned: [
        { token: found.farm.reward_token_a, amount: '1.25', usd: 60 },
        { token: found.farm.reward_token_b, amount: '2', usd: null },
      ],
    });
  });
});
