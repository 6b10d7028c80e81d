import { describe, expect, it } from 'vitest';
import { formatUsd, shortenAddress } from './format.ts';

describe('formatUsd', () => {
  it.each([
    [1234.5, '$1,234.50'],
    [0, '$0.00'],
    [0.004, '$0.00'],
    [0.005, '$0.01'],
    [1_000_000, '$1,000,000.00'],
    ['42.125', '$42.13'],
    [-3.2, '-$3.20'],
  ])('formats %s as %s', (value, expected) => {
    expect(formatUsd(value)).toBe(expected);
  });

  it.each([null, undefined, '', 'abc', Number.NaN, Number.POSITIVE_INFINITY])(
    'shows %s as unknown, never $0.00',
    (value) => {
      expect(formatUsd(value)).toBe('unknown');
    },
  );
});

describe('shortenAddress', () => {
  it('keeps the first 6 and last 4 characters around an ellipsis', () => {
    expect(shortenAddress('0x1234567890abcdef1234567890abcdef12345678')).toBe('0x1234…5678');
  });

  it('leaves a short string alone', () => {
    expect(shortenAddress('0x1234')).toBe('0x1234');
  });
});
