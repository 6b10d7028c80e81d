import type { WalletFarm } from '@tidewatch/shared';
import { describe, expect, it } from 'vitest';
import { describeFound, describeNothingFound } from './find-my-farms.tsx';

function found(staked: string, earned: WalletFarm['earned'], isEnded = false, isPaused = false): WalletFarm {
  return {
    farm: {
      is_ended: isEnded,
      is_paused: isPaused,
      period_finish: '2026-11-16T00:00:00.000Z',
    } as WalletFarm['farm'],
    staked,
    staked_usd: null,
    earned,
    is_tracked: false,
  };
}

describe("a farm 'find my farms' found", () => {
  it('shows a small LP stake as it is, not as 0', () => {
    expect(describeFound(found('0.000070710678118654', []))).toBe(
      'active: 0.00007071 LP staked, value unknown',
    );
  });

  it('reads stake and rewards as people do, and says when an ended farm ended', () => {
    const rewards = [
      { symbol: 'dQUICK (old)', amount: '1.960784313725489304', usd: 98.04 },
      { symbol: 'WMATIC', amount: '0', usd: 0 },
    ];
    expect(describeFound({ ...found('894.4271909999159', rewards, true), staked_usd: 1000 })).toBe(
      'ended 2026-11-16: 894.4271 LP staked, 1.9607 dQUICK (old) unclaimed, $1,098.04',
    );
  });

  it('sums only what has a price, and says when a part has none (unknown is not zero)', () => {
    const rewards = [{ symbol: 'MYST', amount: '3', usd: null }];
    expect(describeFound({ ...found('2', rewards), staked_usd: 50 })).toBe(
      'active: 2 LP staked, 3 MYST unclaimed, $50.00 (some prices unknown)',
    );
    expect(describeFound(found('0', [{ symbol: 'QUICK (old)', amount: '2.4016', usd: 120.08 }], true))).toBe(
      'ended 2026-11-16: 2.4016 QUICK (old) unclaimed, $120.08',
    );
  });

  it('says a paused dual farm is paused, as the farm index does, not active', () => {
    expect(describeFound(found('950', [], false, true))).toBe('paused: 950 LP staked, value unknown');
  });
});

describe('find my farms with nothing found', () => {
  const answer = (refreshedAt: string | null, isStale: boolean, isEmpty = refreshedAt === null) => ({
    wallet_address: '0x1234567890AbcdEF1234567890aBcdef12345678',
    block_number: 1,
    checked: refreshedAt === null ? 0 : 1226,
    index: { refreshed_at: refreshedAt, is_stale: isStale, is_empty: isEmpty },
    farms: [],
  });

  it('does not claim the wallet has nothing when the index was never built', () => {
    expect(describeNothingFound(answer(null, true))).toBe(
      'the farm index has not been built yet (it is read from the chain after start-up): try again in a few minutes; nothing was checked',
    );
  });

  it('does not claim the wallet has nothing when the index lists no farm', () => {
    expect(describeNothingFound(answer('2026-11-26T04:00:00.000Z', false, true))).toBe(
      'the farm index lists no farm (its last refresh could read none: see /api/health): nothing was checked',
    );
  });

  it('says how old a stale index is', () => {
    expect(describeNothingFound(answer('2026-11-01T04:00:00.000Z', true))).toBe(
      'no stake or unclaimed rewards in any of the 1,226 QuickSwap farms of the index, but the index was last refreshed on 2026-11-01: farms found since are not checked',
    );
    expect(describeNothingFound(answer('2026-11-26T04:00:00.000Z', false))).toBe(
      'no stake or unclaimed rewards in any of the 1,226 QuickSwap farms',
    );
  });
});
