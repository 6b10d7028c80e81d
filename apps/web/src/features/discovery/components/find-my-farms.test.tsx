import type { WalletFarm } from '@tidewatch/shared';
import { describe, expect, it } from 'vitest';
import { describeFound } from './find-my-farms.tsx';

function found(staked: string, earned: WalletFarm['earned'], isEnded = false, isPaused = false): WalletFarm {
  return {
    farm: {
      is_ended: isEnded,
      is_paused: isPaused,
      period_finish: '2026-11-16T00:00:00.000Z',
    } as WalletFarm['farm'],
    staked,
    earned,
    is_tracked: false,
  };
}

describe("a farm 'find my farms' found", () => {
  it('shows a small LP stake as it is, not as 0', () => {
    expect(describeFound(found('0.000070710678118654', []))).toBe('active: 0.00007071 LP staked');
  });

  it('reads stake and rewards as people do, and says when an ended farm ended', () => {
    const rewards = [
      { symbol: 'dQUICK', amount: '1.960784313725489304' },
      { symbol: 'WMATIC', amount: '0' },
    ];
    expect(describeFound(found('894.4271909999159', rewards, true))).toBe(
      'ended 2026-11-16: 894.4271 LP staked, 1.9607 dQUICK unclaimed',
    );
  });

  it('says a paused dual farm is paused, as the farm index does, not active', () => {
    expect(describeFound(found('950', [], false, true))).toBe('paused: 950 LP staked');
  });
});
