/** The transactions feature's query keys. */
export const transactionKeys = {
  all: ['transactions'] as const,
  /** What the connected wallet can do (EIP-5792 wallet_getCapabilities), per account. */
  capabilities: (account: string) => [...transactionKeys.all, 'capabilities', account.toLowerCase()] as const,
};
