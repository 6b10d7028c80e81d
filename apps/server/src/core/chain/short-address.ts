/**
 * An address as people read it in messages: the first 6 and last 4 characters.
 * @example shortAddress('0x8aAA5e259F74c8114e0a471d9f2ADFc66Bfe09ed') // '0x8aAA…09ed'
 */
export const shortAddress = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`;
