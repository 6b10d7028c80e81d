/** Every query key of the vaults tool. Tracking invalidates `all` and the portfolio's totals. */
export const vaultsKeys = {
  all: ['vaults'] as const,
  /** One saved or watch-only wallet's lair and syrup stakes, read from the chain. */
  wallet: (walletAddress: string) => [...vaultsKeys.all, 'wallet', walletAddress.toLowerCase()] as const,
  /** The user's tracked lair and syrup positions with their newest snapshots. */
  tracked: () => [...vaultsKeys.all, 'tracked'] as const,
};
