import type { AlertRule } from '@tidewatch/shared';
import { describe, expect, it } from 'vitest';
import { type AlertEvent, defaultRuleSettings, findEvents } from './rules.ts';
import { findSyrupEvents } from './syrup-rules.ts';
import { findV3Events, type V3PositionFacts } from './v3-rules.ts';
import { findVaultRangeEvents } from './vault-range-rules.ts';

// Issue 47, item 2: every alert names its chain, in its title and its sentence, whatever kind of position it is
// about; its key stays as it was on Polygon (an event stored before the chain was named does not fire again).
const now = new Date('2026-11-20T12:00:00.000Z');
const wallet = '0x00000000000000000000000000000000000000a1';
const everyRuleOn = (rule: AlertRule) => ({
  ...defaultRuleSettings[rule],
  isEnabled: true,
  threshold: rule === 'apr_below' ? 10 : defaultRuleSettings[rule].threshold,
});

function expectEachNames(events: AlertEvent[], chain: string, rules: AlertRule[]) {
  expect(events.map((e) => e.rule).sort()).toEqual([...rules].sort());
  for (const event of events) {
    expect(event.title).toContain(` on ${chain}`);
    expect(event.body).toContain(` on ${chain}`);
  }
}

describe('every alert names its chain', () => {
  it("a V2 farm's: ending, paused, moved and a low APR, on Polygon; keys without the chain", () => {
    const events = findEvents(
      {
        farmAddress: '0x00000000000000000000000000000000000000f1',
        wallet,
        pair: 'WETH / USDC',
        chainName: 'Polygon',
        periodFinish: new Date('2026-11-21T12:00:00.000Z'),
        isEnded: false,
        isPaused: true,
        apr: 0.042,
        staked: '12.5',
        earned: [{ symbol: 'dQUICK', amount: '3.25' }],
        valueUsd: 1320,
        valueUsd24hAgo: 1100,
        staked24hAgo: '12.5',
        chainNow: now,
      },
      everyRuleOn,
      now,
    );
    expectEachNames(events, 'Polygon', ['ending_soon', 'paused', 'value_moved', 'apr_below']);
    expect(events.find((e) => e.rule === 'ending_soon')!.title).toBe(
      'WETH / USDC on Polygon: rewards end in 24 hours',
    );
    expect(events.find((e) => e.rule === 'ending_soon')!.key).toBe(
      `ending_soon:0x00000000000000000000000000000000000000f1:${wallet}:2026-11-21T12:00:00.000Z`,
    );
  });

  const position = (venue: V3PositionFacts['venue']): V3PositionFacts => ({
    tokenId: '7',
    wallet,
    pair: 'WETH / USDC',
    isInRange: false,
    isBelowRange: true,
    hasLiquidity: true,
    crossing: { block: 120, hadOpposite: true },
    prices: { current: '1790.5', lower: '1800', upper: '2200', unit: 'USDC per WETH' },
    incentive: { id: '0xabc', end: new Date(now.getTime() + 5 * 3_600_000) },
    chainNow: now,
    venue,
    value: {
      now: { valueUsd: 1000, liquidity: '5000' },
      dayAgo: { valueUsd: 500, liquidity: '5000' },
      day: '2026-11-20',
    },
  });

  it("a V3 position's on Polygon and a V4 position's on Base; only V4 keys name the chain", () => {
    const rules: AlertRule[] = ['out_of_range', 'value_moved', 'incentive_ending'];
    const v3 = findV3Events(position({ product: 'V3', chainId: 137, chainName: 'Polygon' }), everyRuleOn);
    expectEachNames(v3, 'Polygon', rules);
    expect(v3[0]!.title).toBe('WETH / USDC #7 on Polygon: out of range');
    expect(v3[0]!.body).toContain("'s V3 position WETH / USDC #7 on Polygon is out of range");
    expect(v3[0]!.key).toBe(`out_of_range:7:${wallet}:120`);
    const v4 = findV3Events(position({ product: 'V4', chainId: 8453, chainName: 'Base' }), everyRuleOn);
    expectEachNames(v4, 'Base', rules);
    expect(v4[0]!.body).toContain("'s V4 position WETH / USDC #7 on Base is out of range");
    expect(v4[0]!.key).toBe(`out_of_range:8453:7:${wallet}:120`);
  });

  it("a syrup stake's, ending and ended, on either chain", () => {
    const syrup = (chainName: string, periodFinish: Date) =>
      findSyrupEvents(
        {
          pool: '0x00000000000000000000000000000000000000c1',
          wallet,
          label: 'dQUICK -> WMATIC',
          chainName,
          periodFinish,
          staked: { symbol: 'dQUICK', amount: '4' },
          earned: { symbol: 'WMATIC', amount: '1.5' },
          valueUsd: 100,
          chainNow: now,
        },
        everyRuleOn,
      );
    const ending = syrup('Base', new Date(now.getTime() + 3_600_000));
    expectEachNames(ending, 'Base', ['ending_soon']);
    expect(ending[0]!.title).toBe('syrup pool dQUICK -> WMATIC on Base: rewards end in 1 hours');
    expectEachNames(syrup('Polygon', new Date(now.getTime() - 3_600_000)), 'Polygon', ['ended_with_stake']);
  });

  it("a vault's base range, out and back, on Polygon", () => {
    const vault = (isInRange: boolean) =>
      findVaultRangeEvents(
        {
          vault: '0x00000000000000000000000000000000000000d1',
          wallet,
          manager: 'Gamma',
          pair: 'WMATIC-USDC',
          chainName: 'Polygon',
          isInRange,
          crossing: { block: 50, hadOpposite: true },
          prices: { current: '0.5', lower: '0.6', upper: '0.9', unit: 'USDC per WMATIC' },
        },
        everyRuleOn,
      );
    expectEachNames(vault(false), 'Polygon', ['out_of_range']);
    expect(vault(false)[0]!.title).toBe('Gamma WMATIC-USDC vault on Polygon: out of its base range');
    expectEachNames(vault(true), 'Polygon', ['back_in_range']);
  });
});
