const lowerOrNull = (address: string | undefined) => address?.toLowerCase() ?? null;

/**
 * Every query key of the V3 positions feature. Tracking, untracking and a snapshot invalidate `all` (and the
 * farms feature's tracked summary, whose `v3_positions` field the dashboard reads). Apart from the farms'
 * root on purpose: a farm's snapshot must not read every listed wallet's positions from the chain again.
 */
export const v3Keys = {
  all: ['v3-positions'] as const,
  /** 'All': one saved or watch-only wallet's positions, read from the chain. */
  wallet: (walletAddress: string) => [...v3Keys.all, 'wallet', lowerOrNull(walletAddress)] as const,
  /** One position by id (public), as its detail shows it: at the latest block, or at `block`. */
  position: (tokenId: string, block?: number) =>
    block === undefined
      ? ([...v3Keys.all, 'position', tokenId] as const)
      : ([...v3Keys.all, 'position', tokenId, block] as const),
  /** 'Tracked': the user's tracked positions with their newest snapshots. */
  tracked: () => [...v3Keys.all, 'tracked'] as const,
  /** Every tracked position's history (a scheduled snapshot adds to them). */
  histories: () => [...v3Keys.all, 'history'] as const,
  /** A tracked position's snapshots, events and returns. */
  history: (tokenId: string, walletAddress: string) =>
    [...v3Keys.histories(), tokenId, lowerOrNull(walletAddress)] as const,
  /** A mutation key: the running refresh of one tracked (position, wallet), whichever card started it. */
  refresh: (tokenId: string, walletAddress: string) =>
    ['v3-position-refresh', tokenId, lowerOrNull(walletAddress)] as const,
};
