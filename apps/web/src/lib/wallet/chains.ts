/**
 * Networks the app can name. Polygon is the product's chain (spec section 9); others only get a name so a
 * network-change message reads well.
 */
export const knownChains = {
  1: { name: 'Ethereum', explorerUrl: 'https://etherscan.io' },
  137: { name: 'Polygon', explorerUrl: 'https://polygonscan.com' },
  80002: { name: 'Polygon Amoy', explorerUrl: 'https://amoy.polygonscan.com' },
} as const satisfies Record<number, { name: string; explorerUrl: string }>;

type KnownChainId = keyof typeof knownChains;

/** Accepts 137, '137' or '0x89' (wallets report hex); NaN for anything else. */
export function toChainNumber(chainId: number | string): number {
  if (typeof chainId === 'number') return chainId;
  return /^0x[0-9a-f]+$/i.test(chainId) ? Number.parseInt(chainId, 16) : Number(chainId);
}

export function getKnownChain(chainId: number | string) {
  const id = toChainNumber(chainId);
  return id in knownChains ? knownChains[id as KnownChainId] : undefined;
}

/**
 * The network's name, or the chain id as given when we do not know it.
 * @example getChainName('0x89') // 'Polygon'; getChainName('0x2a') // '0x2a'
 */
export function getChainName(chainId: number | string): string {
  return getKnownChain(chainId)?.name ?? String(chainId);
}

/** Explorer page of an address on a known chain, undefined elsewhere. */
export function getExplorerAddressUrl(chainId: number | string, address: string): string | undefined {
  const chain = getKnownChain(chainId);
  return chain ? `${chain.explorerUrl}/address/${address}` : undefined;
}
