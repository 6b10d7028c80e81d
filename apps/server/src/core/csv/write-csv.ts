import { stringify } from 'csv-stringify/sync';

/** Characters a spreadsheet reads as the start of a formula (OWASP, CSV injection). */
const formulaStart = /^[=+\-@\t\r]/;
/** A plain decimal number (a negative figure starts with '-' and is not a formula). */
const plainNumber = /^-?\d+(\.\d+)?(e[+-]?\d+)?$/i;

/**
 * A cell a spreadsheet shows as text: one that would start a formula gets a leading apostrophe (OWASP's
 * rule). Token symbols and names come from the chain, and anyone can deploy a token named `=HYPERLINK(…)`.
 * @example neutraliseCell('=HYPERLINK("https://evil.example")') // "'=HYPERLINK(\"https://evil.example\")"
 */
export function neutraliseCell(value: string): string {
  return formulaStart.test(value) && !plainNumber.test(value) ? `'${value}` : value;
}

/**
 * Every CSV the app writes goes through here: RFC 4180 (a header row, CRLF line ends, quotes where a field
 * needs them, by csv-stringify) with every cell neutralised.
 */
export function writeCsv(header: readonly string[], records: readonly string[][]): string {
  const rows = [header, ...records].map((row) => row.map(neutraliseCell));
  return stringify(rows, { record_delimiter: 'windows' });
}
