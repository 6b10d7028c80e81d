/** Every query key of the vaults tool: one saved or watch-only wallet's lair and syrup stakes, read from the chain. */
export const vaultsKeys = {
  all: ['vaults'] as const,
  wallet: (walletAddress: string) => [...vaultsKeys.all, 'wallet', walletAddress.toLowerCase()] as const,
};
