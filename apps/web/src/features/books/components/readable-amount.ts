/** Digits the books show of an amount: decimals from 1 up, significant digits below 1. */
const shownDigits = 6;

/**
 * An exact token amount (the API's decimal text, up to 18 decimals) rounded for reading: 6 decimals from 1 up,
 * 6 significant digits below 1 (a small LP balance or gas fee never reads 0), half up, trailing zeros
 * dropped, thousands grouped. Works on the string, so no amount passes through a float; the exact amount
 * stays in the API and the CSVs, and beside this text in a title. Anything that is not a plain decimal
 * comes back as it came.
 * @example readableAmount('3.000000000000000007') // '3'
 * @example readableAmount('0.000070710678118654') // '0.0000707107'
 * @example readableAmount('1234567.1234565') // '1,234,567.123457'
 */
export function readableAmount(exact: string): string {
  const match = /^(-?)(\d+)(?:\.(\d*))?$/.exec(exact.trim());
  if (!match) return exact;
  const [, sign = '', wholeText = '', fraction = ''] = match;
  const whole = wholeText.replace(/^0+(?=\d)/, '');
  const leadingZeros = whole === '0' ? (/^0*/.exec(fraction)?.[0].length ?? 0) : 0;
  // A zero amount has no significant digit: keep it 0.
  if (whole === '0' && leadingZeros === fraction.length) return '0';
  const places = leadingZeros + shownDigits;
  // Round the digits as one integer at `places` decimals: the next digit decides, half up.
  const digits = `${whole}${fraction.padEnd(places, '0').slice(0, places)}`;
  const roundsUp = Number(fraction[places] ?? '0') >= 5;
  const rounded = (BigInt(digits) + (roundsUp ? 1n : 0n)).toString().padStart(places + 1, '0');
  const roundedWhole = rounded.slice(0, rounded.length - places);
  const roundedFraction = rounded.slice(rounded.length - places).replace(/0+$/, '');
  const grouped = roundedWhole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${grouped}${roundedFraction ? `.${roundedFraction}` : ''}`;
}

/** The amount as the API sent it: for the title beside a rounded figure. */
export const exactly = (exact: string) => exact;

/** The exact amount as a title when the rounded text shows less of it; undefined when it shows it all. */
export function exactTitle(exact: string, shown: string): string | undefined {
  return exact === shown ? undefined : exact;
}
