import { describe, expect, it } from 'vitest';
import { formatPercent, formatRelativeTime } from './format.ts';

describe('formatPercent', () => {
  it.each([
    [0.1234, '12.34%'],
    [1, '100.00%'],
    [0, '0.00%'],
    ['0.00005', '0.01%'],
  ])('formats the fraction %s as %s', (value, expected) => {
    expect(formatPercent(value)).toBe(expected);
  });

  it('shows a missing share as unknown', () => {
    expect(formatPercent(null)).toBe('unknown');
  });
});

describe('formatRelativeTime', () => {
  const now = new Date('2024-05-01T12:00:00Z');

  it.each([
    ['2024-05-01T11:57:00Z', '3 minutes ago'],
    ['2024-05-01T11:59:30Z', 'just now'],
    ['2024-05-01T12:00:00Z', 'just now'],
    ['2024-05-01T11:59:00.600Z', 'just now'],
    ['2024-05-01T11:59:00Z', '1 minute ago'],
    ['2024-05-01T12:00:20Z', 'just now'],
    ['2024-05-01T10:00:00Z', '2 hours ago'],
    ['2024-04-30T12:00:00Z', '1 day ago'],
    ['2024-05-01T12:05:00Z', 'in 5 minutes'],
  ])('formats %s as %s', (time, expected) => {
    expect(formatRelativeTime(time, now)).toBe(expected);
  });

  it('accepts Date and epoch milliseconds', () => {
    expect(formatRelativeTime(new Date(now.getTime() - 60_000), now)).toBe('1 minute ago');
    expect(formatRelativeTime(now.getTime() - 120_000, now.getTime())).toBe('2 minutes ago');
  });

  it('shows an unparseable time as unknown', () => {
    expect(formatRelativeTime('not a date', now)).toBe('unknown');
  });
});
