import { describe, expect, it } from 'vitest';
import { formatSignedUsd, formatUsd, shortenAddress } from './format.ts';

describe('formatUsd', () => {
  it.each([
    [1234.5, '$1,234.50'],
    [0, '$0.00'],
    [0.004, '$0.00'],
    [0.005, '$0.01'],
    [1_000_000, '$1,000,000.00'],
    ['42.125', '$42.13'],
    [-3.2, '-$3.20'],
    [-0.005, '-$0.01'],
    // A loss that rounds to nothing is no loss on screen: never '-$0.00'.
    [-0.004, '$0.00'],
    [-0, '$0.00'],
    ['-0.0001', '$0.00'],
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

describe('formatSignedUsd', () => {
  it.each([
    [1.5, '+$1.50'],
    [-3.2, '-$3.20'],
    [0, '$0.00'],
    // 'vs holding' of a position that barely moved: neither '-$0.00' nor '+$0.00'.
    [-0.003, '$0.00'],
    [0.003, '$0.00'],
    ['-12.5', '-$12.50'],
    [null, 'unknown'],
  ])('formats %s as %s', (value, expected) => {
    expect(formatSignedUsd(value)).toBe(expected);
  });
});

describe('shortenAddress', () => {
  it('keeps the first 6 and last 4 characters around an ellipsis', () => {
    expect(shortenAddress('0x1234567890abcdef1234567890abcdef12345678')).toBe('0x1234…5678');
  });

  it('leaves a short string alone', () => {
    expect(shortenAddress('0x1234')).toBe('0x1234');
  });
});
