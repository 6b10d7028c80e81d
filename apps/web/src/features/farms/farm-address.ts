/**
 * Whether a route's address segment can name a farm at all: 0x and 40 hex digits, any letter case. The same
 * rule as the shared `hexAddressSchema`, written out: the route loader runs at start-up, which loads no zod.
 */
export function isFarmAddress(text: string): boolean {
  return /^0x[0-9a-fA-F]{40}$/.test(text);
}

/** What a farm's screen says for an address segment that cannot name a farm (nothing is asked for). */
export function notAFarmAddressMessage(text: string): string {
  return `'${text}' is not a farm address: a farm's address is 0x followed by 40 hexadecimal digits`;
}
