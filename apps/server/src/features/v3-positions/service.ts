import type { V3PositionsContext, V3PositionsDeps } from './context.ts';
import { getPosition } from './get-position.ts';
import { lookupPosition } from './lookup-position.ts';
import { getMerklClaims } from './merkl-claims.ts';
import { getWalletPositions } from './wallet-positions.ts';

export type V3PositionsService = ReturnType<typeof createV3PositionsService>;

/** QuickSwap V3 positions read for the API (issue 34): a wallet's, one by id, and reading a pasted link. */
export function createV3PositionsService(deps: V3PositionsDeps) {
  const ctx: V3PositionsContext = { ...deps, now: deps.now ?? (() => new Date()) };
  return {
    walletPositions: (userId: number, wallet: string) => getWalletPositions(ctx, userId, wallet),
    position: (userId: number | null, tokenId: string, block?: number) =>
      getPosition(ctx, userId, tokenId, block),
    lookup: (query: string) => lookupPosition(query),
    merklClaims: (userId: number, wallet: string) => getMerklClaims(ctx, userId, wallet),
  };
}
