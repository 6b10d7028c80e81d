import { describe, expect, it } from 'vitest';
import { isSameAddress } from './same-address.ts';

const checksummed = '0x2791Bca1f2de4661ED88A30C99A7a9449Aa84174';

describe('isSameAddress', () => {
  it('is one address whatever the letter case', () => {
    expect(isSameAddress(checksummed, checksummed.toLowerCase())).toBe(true);
    expect(isSameAddress(checksummed.toUpperCase().replace('0X', '0x'), checksummed)).toBe(true);
  });

  it('tells two addresses apart', () => {
    expect(isSameAddress(checksummed, '0x0000000000000000000000000000000000001010')).toBe(false);
  });

  it('is never the same for an absent value or one that is not an address', () => {
    expect(isSameAddress(undefined, checksummed)).toBe(false);
    expect(isSameAddress(checksummed, null)).toBe(false);
    expect(isSameAddress('', '')).toBe(false);
    expect(isSameAddress('usdc', 'USDC')).toBe(false);
    expect(isSameAddress(`${checksummed}00`, `${checksummed}00`)).toBe(false);
  });
});
