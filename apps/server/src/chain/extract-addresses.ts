import { type Address, getAddress } from 'viem';

/** What the pasted text says an address is, before the chain is asked. */
export type AddressHint = 'lp-farm' | 'dual-farm' | 'token' | null;

export type AddressCandidate = { address: Address; hint: AddressHint };

const addressPattern = '0x[0-9a-fA-F]{40}(?![0-9a-fA-F])';
const quickswapFarm = new RegExp(
  `#/(quick|dual)/(${addressPattern})/(${addressPattern})/(${addressPattern})`,
  'g',
);
const explorer = new RegExp(`/(address|token)/(${addressPattern})`, 'g');
const bare = new RegExp(`(?<![0-9a-fA-F])${addressPattern}`, 'g');

/** Checksums leniently: a pasted address with a wrong mixed-case checksum is still the same address. */
const normalise = (raw: string): Address => getAddress(raw.toLowerCase());

/**
 * Finds every address in what a user pasted: quickswap.exchange farm URLs (`#/quick/{A}/{B}/{farm}`,
 * `#/dual/{A}/{B}/{farm}`), polygonscan `address/` or `token/` URLs, or bare addresses. Farms from
 * farm URLs come first, then the URL's tokens, then anything else; each address once.
 * @example extractAddresses('https://quickswap.exchange/#/quick/0xA…/0xB…/0xF…') // [{address: '0xF…', hint: 'lp-farm'}, …]
 */
export function extractAddresses(input: string): AddressCandidate[] {
  const found = new Map<string, AddressCandidate>();
  const add = (raw: string, hint: AddressHint) => {
    const address = normalise(raw);
    if (!found.has(address)) found.set(address, { address, hint });
  };
  const urlTokens: string[] = [];
  for (const match of input.matchAll(quickswapFarm)) {
    add(match[4]!, match[1] === 'dual' ? 'dual-farm' : 'lp-farm');
    urlTokens.push(match[2]!, match[3]!);
  }
  for (const token of urlTokens) add(token, 'token');
  for (const match of input.matchAll(explorer)) add(match[2]!, match[1] === 'token' ? 'token' : null);
  for (const match of input.matchAll(bare)) add(match[0], null);
  return [...found.values()];
}
