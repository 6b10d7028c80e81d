import { describe, expect, it } from 'vitest';
import { computeReturns, type PositionNow, type ValuedEvent } from './returns.ts';

const now: PositionNow = {
  valueUsd: 1100,
  pendingUsd: 5,
  price0Usd: 2,
  price1Usd: 1,
  decimals0: 8,
  decimals1: 6,
};
const stake = (usd: number | null, amount0: bigint, amount1: bigint): ValuedEvent => ({
  kind: 'staked',
  blockTime: '2026-01-01T00:00:00.000Z',
  amount0,
  amount1,
  usd,
});

describe('computeReturns', () => {
  it('adds cash flows: pnl = value + withdrawn + claimed + pending - deposited; IL against holding', () => {
    const events: ValuedEvent[] = [
      stake(1000, 250n * 10n ** 8n, 500n * 10n ** 6n),
      {
        kind: 'withdrawn',
        blockTime: '2026-01-02T00:00:00.000Z',
        amount0: 50n * 10n ** 8n,
        amount1: 100n * 10n ** 6n,
        usd: 210,
      },
      { kind: 'reward_paid', blockTime: '2026-01-03T00:00:00.000Z', amount0: null, amount1: null, usd: 30 },
    ];
    const returns = computeReturns(events, now);
    // Held had the wallet never pooled: 200 token0 x $2 + 400 token1 x $1.
    expect(returns).toEqual({
      first_staked_on: '2026-01-01T00:00:00.000Z',
      deposited_usd: 1000,
      withdrawn_usd: 210,
      rewards_claimed_usd: 30,
      rewards_pending_usd: 5,
      value_usd: 1100,
      hodl_value_usd: 800,
      pnl_usd: 1100 + 210 + 30 + 5 - 1000,
      il_usd: 300,
      il_percent: 37.5,
    });
  });

  it('keeps a figure unknown when a price it depends on is unknown, never 0', () => {
    const returns = computeReturns([stake(null, 1n, 1n), stake(10, 1n, 1n)], {
      ...now,
      price1Usd: null,
      pendingUsd: null,
    });
    expect(returns.deposited_usd).toBeNull();
    expect(returns.pnl_usd).toBeNull();
    expect(returns.hodl_value_usd).toBeNull();
    expect(returns.il_usd).toBeNull();
    expect(returns.il_percent).toBeNull();
    expect(returns.rewards_pending_usd).toBeNull();
    expect(returns.value_usd).toBe(1100);
  });

  it('says nothing about deposits before the history knows a stake', () => {
    const returns = computeReturns([], now);
    expect(returns).toMatchObject({
      first_staked_on: null,
      deposited_usd: null,
      pnl_usd: null,
      hodl_value_usd: null,
    });
    expect(returns.withdrawn_usd).toBe(0);
  });
});
