/** A 0x-prefixed 20-byte hex address, any letter case. */
export const hexAddressPattern = /^0x[0-9a-fA-F]{40}$/;

/**
 * Whether two strings name the same address: both 0x-prefixed 20-byte hex, equal whatever their letter case (a
 * checksummed copy and a lower-cased one are one address). Absent, or not an address: never the same. viem's
 * `isAddressEqual` throws on those instead, so values from a form, a URL or a nullable column come here.
 * @example isSameAddress('0xAbC…', '0xabc…') // true
 */
export function isSameAddress(a: string | null | undefined, b: string | null | undefined): boolean {
  if (!a || !b || !hexAddressPattern.test(a) || !hexAddressPattern.test(b)) return false;
  return a.toLowerCase() === b.toLowerCase();
}
