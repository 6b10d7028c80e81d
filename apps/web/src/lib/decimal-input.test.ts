import { describe, expect, it } from 'vitest';
import { parseDecimalInput } from './decimal-input.ts';

describe('parseDecimalInput: numbers as people type them', () => {
  it.each([
    ['12,5', 12.5],
    ['12.5', 12.5],
    [' 20 ', 20],
    ['0,75', 0.75],
    [',5', 0.5],
    ['-3,25', -3.25],
    ['1000', 1000],
    ['12,', 12],
    ['1 000', 1000],
  ])('reads %j as %d', (typed, value) => {
    expect(parseDecimalInput(typed)).toEqual({ ok: true, value });
  });

  it('reads an empty field as no value', () => {
    expect(parseDecimalInput('  ')).toEqual({ ok: true, value: null });
  });

  it.each([
    ['12,500', 'write 12.5 or 12500: "12,500" could be either'],
    ['1,234.5', 'write the number without thousands separators, like 1234.5'],
    ['1.234,5', 'write the number without thousands separators, like 1234.5'],
    ['12.5.3', 'write the number without thousands separators, like 1234.5'],
    ['1e3', 'write a number, like 12.5'],
    ['12%', 'write a number, like 12.5'],
    ['twelve', 'write a number, like 12.5'],
  ])('refuses %j, saying how to write it', (typed, message) => {
    expect(parseDecimalInput(typed)).toEqual({ ok: false, message });
  });
});
