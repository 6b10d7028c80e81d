import { describe, expect, it } from 'vitest';
import { parseSnapshotInterval } from './interval.ts';

describe('parseSnapshotInterval', () => {
  it.each([
    ['30s', 30_000],
    ['15m', 900_000],
    ['1h', 3_600_000],
    ['1d', 86_400_000],
    ['5s', 5_000],
    [' 2H ', 7_200_000],
  ])('reads %s as %d ms', (text, ms) => {
    expect(parseSnapshotInterval(text)).toEqual({ ms });
  });

  it("reads 'off' as no schedule", () => {
    expect(parseSnapshotInterval('off')).toEqual({ ms: null });
  });

  it.each(['4s', '0m', '1.5h', 'hourly', '', '10'])('refuses %j', (text) => {
    expect(parseSnapshotInterval(text)).toHaveProperty('error');
  });
});
