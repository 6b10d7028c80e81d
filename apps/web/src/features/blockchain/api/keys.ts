/** The blockchain feature's query keys. */
export const blockchainKeys = {
  all: ['blockchains'] as const,
  one: (chainId: string) => [...blockchainKeys.all, 'one', chainId] as const,
};
