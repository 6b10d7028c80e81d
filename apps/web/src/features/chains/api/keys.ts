/** Every query key of the chains tool. */
export const chainsKeys = {
  all: ['chains'] as const,
  /** Which chains this instance reads, and why one is off. */
  status: () => [...chainsKeys.all, 'status'] as const,
  /** One saved wallet's QuickSwap holdings on one chain, read from that chain. */
  holdings: (chainId: number, walletAddress: string) =>
    [...chainsKeys.all, 'holdings', chainId, walletAddress.toLowerCase()] as const,
  /** The user's tracked wallets on chains beside Polygon, with their newest snapshots. */
  tracked: () => [...chainsKeys.all, 'tracked'] as const,
  /** One tracked wallet's values over time (its snapshots). */
  history: (id: number) => [...chainsKeys.all, 'tracked', id, 'history'] as const,
};
