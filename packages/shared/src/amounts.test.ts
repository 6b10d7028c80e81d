import { describe, expect, it } from 'vitest';
import { formatTokenAmount } from './amounts.ts';

describe('formatTokenAmount', () => {
  it.each([
    ['894.4271909999159', '894.4271'],
    ['0.000070710678118654', '0.00007071'],
    ['1.960784313725489304', '1.9607'],
    ['1234567.5', '1,234,567.5'],
    ['1000', '1,000'],
    ['12.30000', '12.3'],
    ['0.000000000000000001', '0.000000000000000001'],
    ['0', '0'],
    ['0.0', '0'],
    ['-2.5', '-2.5'],
    ['007.25', '7.25'],
  ])('reads %s as %s', (amount, shown) => {
    expect(formatTokenAmount(amount)).toBe(shown);
  });

  it('returns what is not a plain decimal as it came', () => {
    expect(formatTokenAmount('1e-7')).toBe('1e-7');
    expect(formatTokenAmount('')).toBe('');
  });
});
