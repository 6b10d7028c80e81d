import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Socket } from 'socket.io-client';
import { useSessionToken } from '../../lib/session.ts';
import { loadRealtimeSchemas } from '../../lib/start-up-schemas.ts';
import { afterNextPaint } from '../../lib/yield-to-main.ts';
import { createSnapshotRefresh } from './snapshot-refresh.ts';

/**
 * While a user is logged in, listens on the realtime channel for 'snapshot created' (an automatic
 * snapshot of a pair the user tracks) and 'v3 snapshot created' (of V3 positions the user tracks) and
 * refetches what they change once per round (the farm lists, cards and details; the tracked V3 positions
 * and their pages; the tracked summary and the bell), so open pages update without a reload.
 */
export function useSnapshotUpdates(): void {
  const token = useSessionToken();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!token) return undefined;
    let isCancelled = false;
    let socket: Socket | undefined;
    const refresh = createSnapshotRefresh(queryClient);
    // The client library and the channel's schemas come with the first logged-in page, not with every
    // visitor's, and are asked for once the page has painted, not beside its content (decision 016).
    const modules = afterNextPaint().then(() =>
      Promise.all([import('socket.io-client'), loadRealtimeSchemas()]),
    );
    void modules.then(([{ io }, realtime]) => {
      if (isCancelled) return;
      const { snapshotCreatedSchema, v3SnapshotCreatedSchema, socketEvents } = realtime;
      socket = io({ path: '/socket.io', auth: { token }, transports: ['websocket', 'polling'] });
      socket.on(socketEvents.snapshotCreated, (payload: unknown) => {
        if (snapshotCreatedSchema.safeParse(payload).success) refresh.onSnapshotCreated();
      });
      socket.on(socketEvents.v3SnapshotCreated, (payload: unknown) => {
        const event = v3SnapshotCreatedSchema.safeParse(payload);
        if (event.success) refresh.onV3SnapshotCreated(event.data.token_ids);
      });
    });
    return () => {
      isCancelled = true;
      refresh.dispose();
      socket?.disconnect();
    };
  }, [token, queryClient]);
}
