/**
 * A token amount as people read it, from the exact decimal string the API and the chain reads carry:
 * 894.4271909999159 -> '894.4271', 0.000070710678118654 -> '0.00007071', 1234567.5 -> '1,234,567.5'.
 * Four decimals from 1 up, four significant digits below 1 (a small LP balance is not shown as 0). Digits
 * beyond are cut, never rounded up: an alert must not say more is staked than is. Works on the string, so
 * no amount passes through a float. Anything that is not a plain decimal is returned as it came.
 */
export function formatTokenAmount(amount: string): string {
  const match = /^(-?)(\d+)(?:\.(\d*))?$/.exec(amount.trim());
  if (!match) return amount;
  const [, sign = '', wholeDigits = '', fractionDigits = ''] = match;
  const whole = wholeDigits.replace(/^0+(?=\d)/, '');
  const leadingZeros = whole === '0' ? (/^0*/.exec(fractionDigits)?.[0].length ?? 0) : 0;
  const fraction = fractionDigits.slice(0, leadingZeros + 4).replace(/0+$/, '');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const isZero = grouped === '0' && fraction === '';
  return `${isZero ? '' : sign}${grouped}${fraction ? `.${fraction}` : ''}`;
}
