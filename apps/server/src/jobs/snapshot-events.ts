import { type SnapshotCreated, socketEvents, type V3SnapshotCreated } from '@tidewatch/shared';
import type { Kysely } from 'kysely';
import type { Server } from 'socket.io';
import type { Database } from '../core/db/index.ts';
import { findUsersTrackingStake } from '../core/farms/tracking-repository.ts';
import type { DueStake } from '../core/jobs/schedule-repository.ts';
import { userRoom } from '../core/realtime/rooms.ts';
import { findUsersTrackingV3Positions } from '../core/v3/snapshot-repository.ts';

export type SnapshotEvents = {
  /** Tells every open page of the users tracking these stakes that a new snapshot is stored. */
  snapshotCreated(stakes: DueStake[], createdOn?: Date): void;
  /**
   * Tells every open page of the users tracking these V3 positions that their snapshots are stored: one
   * 'v3 snapshot created' per user, naming the positions of the batch that user tracks. Resolves once sent;
   * never rejects (a failed look-up is only logged).
   */
  v3SnapshotCreated(positions: { positionId: number }[], createdOn?: Date): Promise<void>;
};

/**
 * 'snapshot created' {farm_address, account_address, created_on} to the users tracking each stake, and
 * 'v3 snapshot created' {token_ids, created_on} to the users tracking a stored batch's V3 positions, through
 * this process's socket.io server (its rooms are per user). Best effort: a failed look-up is only logged.
 */
export function createSnapshotEvents(deps: {
  db: Kysely<Database>;
  io: Server;
  logWarn: (object: object, message: string) => void;
}): SnapshotEvents {
  return {
    snapshotCreated(stakes, createdOn = new Date()) {
      void (async () => {
        for (const stake of stakes) {
          const userIds = await findUsersTrackingStake(deps.db, stake);
          const event: SnapshotCreated = {
            farm_address: stake.farmAddress,
            account_address: stake.wallet,
            created_on: createdOn.toISOString(),
          };
          for (const userId of userIds)
            deps.io.to(userRoom(userId)).emit(socketEvents.snapshotCreated, event);
        }
      })().catch((error: unknown) => deps.logWarn({ err: error }, "could not send 'snapshot created'"));
    },
    async v3SnapshotCreated(positions, createdOn = new Date()) {
      try {
        const tracking = await findUsersTrackingV3Positions(
          deps.db,
          positions.map((p) => p.positionId),
        );
        for (const [userId, tokenIds] of tracking) {
          const event: V3SnapshotCreated = { token_ids: tokenIds, created_on: createdOn.toISOString() };
          deps.io.to(userRoom(userId)).emit(socketEvents.v3SnapshotCreated, event);
        }
      } catch (error) {
        deps.logWarn({ err: error }, "could not send 'v3 snapshot created'");
      }
    },
  };
}
