import { AppError } from '@tidewatch/shared';
import type { Kysely } from 'kysely';
import type { V3Counterparties } from '../../core/books/v3-rows.ts';
import type { Database } from '../../core/db/index.ts';
import type { V3PositionReader } from './schedule/snapshot-store.ts';

export type V3TrackingDeps = {
  db: Kysely<Database>;
  chainId: number;
  /** readV3Positions bound to the chain and prices; absent when no chain is configured. */
  readPositions?: V3PositionReader | undefined;
  /**
   * The position manager and FarmingCenter: the books name them, and a deposit into FarmingCenter keeps the
   * position its depositor's. Absent, every transfer changes the owner.
   */
  counterparties?: V3Counterparties | undefined;
  now?: () => Date;
};

/** What every tracking use case is given: its deps, with the clock resolved. */
export type V3TrackingContext = Omit<V3TrackingDeps, 'now'> & { now: () => Date };

/** The position reader; CHAIN_UNAVAILABLE when no chain is configured. */
export function requireReader(ctx: V3TrackingContext): V3PositionReader {
  if (!ctx.readPositions) {
    throw new AppError('CHAIN_UNAVAILABLE', 'no blockchain node is configured on this server');
  }
  return ctx.readPositions;
}

/** NOT_FOUND for a position id the chain has no position for. */
export function positionGone(tokenId: string): AppError {
  return new AppError(
    'NOT_FOUND',
    `there is no V3 position #${tokenId}: it was never minted, or it was burnt`,
  );
}
