import { queryKeyRoots } from '../../../lib/query-key-roots.ts';

/** The recovery feature's query keys: a wallet's plan, read from the chain on every fetch, and POL's price. */
export const recoveryKeys = {
  all: queryKeyRoots.recovery,
  plans: () => [...recoveryKeys.all, 'plan'] as const,
  /**
   * A wallet's plan with the loose LP of `includeWalletLp` and the vaults and lair of `includeVaults` (addresses,
   * any case or order) in it.
   */
  plan: (
    walletAddress: string,
    includeWalletLp: readonly string[] = [],
    includeVaults: readonly string[] = [],
  ) =>
    [
      ...recoveryKeys.plans(),
      walletAddress.toLowerCase(),
      includeWalletLp.map((pair) => pair.toLowerCase()).sort(),
      includeVaults.map((vault) => vault.toLowerCase()).sort(),
    ] as const,
  polPrice: () => [...recoveryKeys.all, 'pol-price'] as const,
};
