/**
 * Networks the app can name. Polygon is the product's chain (spec section 9); others only get a name so a
 * network-change message reads well. Kept apart from viem's chain list: the message may show before (or
 * without) the wallet chunk, and names are all it needs.
 */
const chainNames: Record<number, string> = {
  1: 'Ethereum',
  137: 'Polygon',
  8453: 'Base',
  80002: 'Polygon Amoy',
};

/** Accepts 137, '137' or '0x89' (wallets report hex); NaN for anything else. */
function toChainNumber(chainId: number | string): number {
  if (typeof chainId === 'number') return chainId;
  return /^0x[0-9a-f]+$/i.test(chainId) ? Number.parseInt(chainId, 16) : Number(chainId);
}

/**
 * The network's name, or the chain id as given when we do not know it.
 * @example getChainName('0x89') // 'Polygon'; getChainName('0x2a') // '0x2a'
 */
export function getChainName(chainId: number | string): string {
  return chainNames[toChainNumber(chainId)] ?? String(chainId);
}
