import { describe, expect, it } from 'vitest';
import type { CollectedSnapshots } from '../core/snapshots/index.ts';
import { nextDueOf } from './snapshot-run.ts';

const farm = '0x1111111111111111111111111111111111111111';
const wallet = '0x2222222222222222222222222222222222222222';
const pair = { scheduleId: 1, farmId: 1, farmAddress: farm, kind: 'lp', wallet, failures: 0 } as const;
const now = new Date('2026-06-01T00:00:00Z');
const hour = 3_600_000;

function collected(input: { endedAgoMs: number | null; staked: string; earned: string }): CollectedSnapshots {
  const periodFinish = new Date(now.getTime() - (input.endedAgoMs ?? -hour));
  return {
    farms: [{ address: farm, isEnded: input.endedAgoMs !== null, periodFinish }],
    positions: [{ farm, account: wallet, staked: input.staked, earned: [{ amount: input.earned }] }],
  } as unknown as CollectedSnapshots;
}

describe('nextDueOf', () => {
  it('is one interval on for a running farm', () => {
    expect(
      nextDueOf(pair, collected({ endedAgoMs: null, staked: '0', earned: '0' }), now, hour).getTime(),
    ).toBe(now.getTime() + hour);
  });

  it('is a day on for a farm ended over an interval ago with nothing staked or unclaimed', () => {
    const next = nextDueOf(pair, collected({ endedAgoMs: 2 * hour, staked: '0', earned: '0.0' }), now, hour);
    expect(next.getTime()).toBe(now.getTime() + 24 * hour);
  });

  it.each([
    ['stake left', { endedAgoMs: 2 * hour, staked: '1.5', earned: '0' }],
    ['rewards unclaimed', { endedAgoMs: 2 * hour, staked: '0', earned: '0.01' }],
    ['ended only just', { endedAgoMs: hour / 2, staked: '0', earned: '0' }],
  ])('stays one interval with %s', (_, input) => {
    expect(nextDueOf(pair, collected(input), now, hour).getTime()).toBe(now.getTime() + hour);
  });
});
