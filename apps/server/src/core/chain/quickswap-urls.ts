import { type Address, getAddress } from 'viem';

/**
 * What a user pasted, as far as its text tells (the chain says the rest). Shapes follow the URL table in
 * quickswap-onchain.md: the v1 interface's farm pages, interface-v2's lists and pair pages, polygonscan,
 * bare addresses.
 */
export type Paste =
  /** `#/quick/{A}/{B}/{farm}`, `#/dual/…`, `#/archive/…`; A and B are addresses or `ETH` (MATIC/WMATIC). */
  | {
      shape: 'farm-page';
      route: 'quick' | 'dual' | 'archive';
      farm: Address;
      /** The page's A and B: checksummed addresses, or `ETH`. */
      tokens: [Address | 'ETH', Address | 'ETH'];
    }
  /** `#/analytics/v2/pair/{pair}` or `info.quickswap.exchange/…/pair/{pair}`: find its farms. */
  | { shape: 'pair-page'; pair: Address }
  /** polygonscan `address/{a}` or `token/{a}` (a `?a=` holder is a wallet, not what to import). */
  | { shape: 'explorer'; address: Address }
  /** One or more bare addresses. */
  | { shape: 'addresses'; addresses: Address[] }
  /** Refused before any read, with the reason to show. */
  | { shape: 'refused'; message: string }
  | { shape: 'none' };

const address = '0[xX][0-9a-fA-F]{40}(?![0-9a-fA-F])';
const tokenOrEth = `(?:${address}|ETH)`;
const farmPage = new RegExp(`#/(quick|dual|archive)/(${tokenOrEth})/(${tokenOrEth})/(${address})`, 'i');
const syrupPage = /#\/syrup(?:\/|$|\?)/i;
const pairPage = new RegExp(
  `(?:#/analytics/v2/pair/|info\\.quickswap\\.exchange/(?:#/)?(?:[a-z0-9-]+/)*pair/)(${address})`,
  'i',
);
const addLiquidityPage = /#\/(?:add\/|pools(?:\/v\d)?(?:[?/]|$)|pool\b)/i;
const farmListPage = /#\/farm(?:\/v\d)?(?:[/?#]|$)/i;
const explorerPage = new RegExp(`polygonscan\\.com/(?:address|token)/(${address})`, 'i');
const bare = new RegExp(`(?<![0-9a-fA-F])${address}`, 'g');

/** Checksums leniently: a pasted address with a wrong mixed-case checksum is still the same address. */
const normalise = (raw: string): Address => getAddress(raw.toLowerCase());
const normaliseToken = (raw: string): Address | 'ETH' =>
  raw.toUpperCase() === 'ETH' ? 'ETH' : normalise(raw);

/** What each refused shape says: what was recognised, and what to paste instead. */
export const refusals = {
  syrup:
    "that is a syrup pool (#/syrup/…): it stakes a single token, not liquidity, so it is not an LP farm. Paste a liquidity-mining or dual-mining farm instead: its QuickSwap link (#/quick/…, #/dual/…), its contract address, or its pair's address.",
  farmList:
    "that is QuickSwap's farm list, which names no farm. Paste the farm's contract address (0x…), its old farm link (#/quick/… or #/dual/…), or its pair's address or analytics page to find its farms.",
  addLiquidity:
    "that is an add-liquidity page: it names only tokens, not a farm. Paste the farm's contract address, or its pair's address or analytics page to find its farms.",
  noAddress: 'no address found in what you pasted',
} as const;

/**
 * Reads what a pasted text is: a farm page, a pair page, an explorer page, bare addresses, or a page
 * that can never name a farm (syrup pools, farm lists, add-liquidity pages: refused with the reason).
 * @example parsePaste('https://quickswap.exchange/#/dual/ETH/0x2791…/0x1497…') // {shape: 'farm-page', route: 'dual', farm: '0x1497…'}
 */
export function parsePaste(input: string): Paste {
  const text = input.trim();
  const farm = text.match(farmPage);
  if (farm)
    return {
      shape: 'farm-page',
      route: farm[1]!.toLowerCase() as 'quick' | 'dual' | 'archive',
      farm: normalise(farm[4]!),
      tokens: [normaliseToken(farm[2]!), normaliseToken(farm[3]!)],
    };
  if (syrupPage.test(text)) return { shape: 'refused', message: refusals.syrup };
  const pair = text.match(pairPage);
  if (pair) return { shape: 'pair-page', pair: normalise(pair[1]!) };
  if (addLiquidityPage.test(text)) return { shape: 'refused', message: refusals.addLiquidity };
  if (farmListPage.test(text)) return { shape: 'refused', message: refusals.farmList };
  const explorer = text.match(explorerPage);
  if (explorer) return { shape: 'explorer', address: normalise(explorer[1]!) };
  const addresses = [...new Set([...text.matchAll(bare)].map((m) => normalise(m[0])))];
  if (addresses.length > 0) return { shape: 'addresses', addresses };
  return { shape: 'none' };
}

/**
 * The farm page's URL as QuickSwap spells it, rebuilt from the addresses a pasted farm page names (the
 * text around them, such as words pasted along, and the addresses' case do not survive); null when the
 * paste is not a farm page.
 * @example canonicalFarmPageUrl('see https://QuickSwap.exchange/#/quick/0xabc…/ETH/0xdef… thanks') // 'https://quickswap.exchange/#/quick/0xAbC…/ETH/0xDeF…'
 */
export function canonicalFarmPageUrl(input: string): string | null {
  const paste = parsePaste(input);
  if (paste.shape !== 'farm-page') return null;
  return `https://quickswap.exchange/#/${paste.route}/${paste.tokens[0]}/${paste.tokens[1]}/${paste.farm}`;
}

/** The addresses to probe on chain for a paste, most specific first. */
export function candidatesOf(paste: Paste): Address[] {
  switch (paste.shape) {
    case 'farm-page':
      return [paste.farm];
    case 'pair-page':
      return [paste.pair];
    case 'explorer':
      return [paste.address];
    case 'addresses':
      return paste.addresses;
    default:
      return [];
  }
}
