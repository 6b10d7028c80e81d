import { describe, expect, it } from 'vitest';
import { localTime, yearBounds } from './time-zone.ts';

describe('calendar years in a time zone', () => {
  it.each([
    ['UTC', '2025-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z'],
    ['Europe/Berlin', '2024-12-31T23:00:00.000Z', '2025-12-31T23:00:00.000Z'],
    ['America/New_York', '2025-01-01T05:00:00.000Z', '2026-01-01T05:00:00.000Z'],
    // Summer time in the southern hemisphere on Jan 1: UTC+13.
    ['Pacific/Auckland', '2024-12-31T11:00:00.000Z', '2025-12-31T11:00:00.000Z'],
    ['Asia/Kolkata', '2024-12-31T18:30:00.000Z', '2025-12-31T18:30:00.000Z'],
  ])('2025 in %s runs from %s to %s', (tz, from, to) => {
    const bounds = yearBounds(2025, tz);
    expect(bounds.from.toISOString()).toBe(from);
    expect(bounds.to.toISOString()).toBe(to);
  });

  it('shows an instant on the zone wall clock, 24-hour', () => {
    expect(localTime('2025-12-31T23:30:00.000Z', 'Europe/Berlin')).toBe('2026-01-01 00:30:00');
    expect(localTime('2025-07-01T00:05:09.000Z', 'UTC')).toBe('2025-07-01 00:05:09');
    expect(localTime('2025-07-01T12:00:00.000Z', 'America/New_York')).toBe('2025-07-01 08:00:00');
  });
});
