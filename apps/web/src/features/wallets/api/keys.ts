/**
 * Every query key of the wallets feature (TkDodo's key-factory pattern): screens and mutations derive keys
 * from here, never from literals. `saved()` prefixes everything about the user's own wallets, so saving or
 * removing one refreshes lists, details and removal previews at once but not the static catalogue.
 */
export const walletKeys = {
  all: ['wallets'] as const,
  saved: () => [...walletKeys.all, 'saved'] as const,
  connected: () => [...walletKeys.saved(), 'connected'] as const,
  details: (walletId: string) => [...walletKeys.saved(), 'details', walletId] as const,
  removal: (walletId: number) => [...walletKeys.saved(), 'removal', walletId] as const,
  catalogue: () => [...walletKeys.all, 'catalogue'] as const,
};
