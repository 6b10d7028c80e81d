/** The recovery feature's query keys: a wallet's plan, read from the chain on every fetch, and POL's price. */
export const recoveryKeys = {
  all: ['recovery'] as const,
  plans: () => [...recoveryKeys.all, 'plan'] as const,
  plan: (walletAddress: string) => [...recoveryKeys.plans(), walletAddress.toLowerCase()] as const,
  polPrice: () => [...recoveryKeys.all, 'pol-price'] as const,
};
