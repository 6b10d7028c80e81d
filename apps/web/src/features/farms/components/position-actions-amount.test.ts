import { describe, expect, it } from 'vitest';
import { checkWithdrawAmount, decimalToRaw, rawToDecimal } from './position-actions-amount.ts';

const lp = 10n ** 18n;

describe('decimal amounts to on-chain integers and back', () => {
  it('reads whole tokens exactly, with each token’s decimals', () => {
    expect(decimalToRaw('2.5', 18)).toBe((5n * lp) / 2n);
    expect(decimalToRaw('0.000070710678118654', 18)).toBe(70_710_678_118_654n);
    expect(decimalToRaw('1234.56', 6)).toBe(1_234_560_000n);
    expect(decimalToRaw('3', 8)).toBe(300_000_000n);
    expect(decimalToRaw('.5', 18)).toBe(lp / 2n);
  });

  it('cuts digits beyond the token’s decimals (never more than the position holds)', () => {
    expect(decimalToRaw('1.1234567', 6)).toBe(1_123_456n);
  });

  it('writes an integer back as a plain decimal without trailing zeros', () => {
    expect(rawToDecimal((5n * lp) / 2n, 18)).toBe('2.5');
    expect(rawToDecimal(70_710_678_118_654n, 18)).toBe('0.000070710678118654');
    expect(rawToDecimal(3n * lp, 18)).toBe('3');
    expect(rawToDecimal(0n, 18)).toBe('0');
    expect(rawToDecimal(1_234_560_000n, 6)).toBe('1234.56');
  });
});

describe('the amount to withdraw', () => {
  const stake = '2.5';

  it('accepts an amount up to the stake, with a point or a comma, as the exact LP integer', () => {
    expect(checkWithdrawAmount('1.25', stake)).toEqual({ ok: true, raw: (5n * lp) / 4n });
    expect(checkWithdrawAmount('1,25', stake)).toEqual({ ok: true, raw: (5n * lp) / 4n });
    expect(checkWithdrawAmount(' 2.5 ', stake)).toEqual({ ok: true, raw: (5n * lp) / 2n });
  });

  it('accepts the whole stake to the last wei, and refuses one wei more', () => {
    const exact = '894.427190999915878563';
    expect(checkWithdrawAmount(exact, exact)).toEqual({ ok: true, raw: 894_427_190_999_915_878_563n });
    expect(checkWithdrawAmount('894.427190999915878564', exact)).toEqual({
      ok: false,
      message: 'more than your stake of 894.4271 LP',
    });
  });

  it('says when nothing was entered', () => {
    expect(checkWithdrawAmount('', stake)).toEqual({ ok: false, message: 'enter an amount' });
    expect(checkWithdrawAmount('   ', stake)).toEqual({ ok: false, message: 'enter an amount' });
  });

  it('says when the amount is more than the stake', () => {
    expect(checkWithdrawAmount('3', stake)).toEqual({
      ok: false,
      message: 'more than your stake of 2.5 LP',
    });
  });

  it('says when it is not a number, and how to write an ambiguous one', () => {
    expect(checkWithdrawAmount('abc', stake)).toEqual({ ok: false, message: 'not a number' });
    expect(checkWithdrawAmount('1e3', stake)).toEqual({ ok: false, message: 'not a number' });
    expect(checkWithdrawAmount('1,250', stake)).toEqual({
      ok: false,
      message: 'not a number: write 1.25 or 1250: "1,250" could be either',
    });
  });

  it('refuses zero, a negative amount, and more digits than LP tokens have', () => {
    expect(checkWithdrawAmount('0', stake)).toEqual({ ok: false, message: 'enter an amount above 0' });
    expect(checkWithdrawAmount('-1', stake)).toEqual({ ok: false, message: 'enter an amount above 0' });
    expect(checkWithdrawAmount('0.0000000000000000001', stake)).toEqual({
      ok: false,
      message: 'at most 18 digits after the point (LP tokens have 18 decimals)',
    });
  });
});
