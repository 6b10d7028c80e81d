// How an address and an amount of money read everywhere Tidewatch shows one: screens, e-mails and alerts,
// and the browser tests that look for them. Zod-free, so a screen can use it before the schemas load.

/** Shown where a figure cannot be computed: a missing price is unknown, never zero. */
export const unknownValue = 'unknown';

// Built on first use: building an Intl formatter loads its locale data, about a tenth of the web app's
// start-up task on a throttled phone, and the landing page formats no figure.
let usdFormatter: Intl.NumberFormat | undefined;

/**
 * US dollars, en-US, exactly two fraction digits, never '-$0.00'; 'unknown' for a missing figure (null, undefined, '', or
 * anything that is not a finite number). Accepts the API's decimal strings.
 * @example formatUsd(1234.5) // '$1,234.50'; formatUsd(null) // 'unknown'
 */
export function formatUsd(value: number | string | null | undefined): string {
  const number = typeof value === 'number' ? value : value ? Number(value) : Number.NaN;
  if (!Number.isFinite(number)) return unknownValue;
  usdFormatter ??= new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  const text = usdFormatter.format(number);
  // A loss under half a cent rounds to '-$0.00': no digit is left to be negative, so it reads '$0.00'.
  return /[1-9]/.test(text) ? text : usdFormatter.format(0);
}

/**
 * A gain or loss: '+' before a gain, '-' before a loss, no sign on an amount that rounds to zero; 'unknown'
 * as formatUsd says it.
 * @example formatSignedUsd(1.5) // '+$1.50'; formatSignedUsd(-0.001) // '$0.00'
 */
export function formatSignedUsd(value: number | string | null | undefined): string {
  const text = formatUsd(value);
  return Number(value) > 0 && /[1-9]/.test(text) ? `+${text}` : text;
}

/**
 * An address as people read it: the first 6 characters, an ellipsis, the last 4 (spec section 9). A string
 * too short to shorten is returned as it is.
 * @example shortenAddress('0x8aAA5e259F74c8114e0a471d9f2ADFc66Bfe09ed') // '0x8aAA…09ed'
 */
export function shortenAddress(address: string): string {
  if (address.length <= 10) return address;
  return `${address.slice(0, 6)}…${address.slice(-4)}`;
}
