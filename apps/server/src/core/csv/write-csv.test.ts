import { describe, expect, it } from 'vitest';
import { neutraliseCell, writeCsv } from './write-csv.ts';

describe('writeCsv: cells a spreadsheet would run as formulas are neutralised (OWASP)', () => {
  it.each([
    ['=HYPERLINK("https://evil.example","click")', `'=HYPERLINK("https://evil.example","click")`],
    ['+SUM(A1)', "'+SUM(A1)"],
    ['-2+3+cmd|" /C calc"!A0', `'-2+3+cmd|" /C calc"!A0`],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tTAB', "'\tTAB"],
    ['\rCR', "'\rCR"],
  ])('%j becomes text', (cell, expected) => {
    expect(neutraliseCell(cell)).toBe(expected);
  });

  it.each(['-12.5', '-3', '1e-7', 'WMATIC', '', '0.25'])('%j stays as it is', (cell) => {
    expect(neutraliseCell(cell)).toBe(cell);
  });

  it('writes RFC 4180 with CRLF and quotes, neutralising every cell', () => {
    expect(writeCsv(['symbol', 'value'], [['=1+1', '-4.5']])).toBe("symbol,value\r\n'=1+1,-4.5\r\n");
  });
});
