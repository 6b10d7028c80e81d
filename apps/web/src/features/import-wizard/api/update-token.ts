import { type GotStatus, gotStatusSchema, socketEvents, type UpdateToken } from '@tidewatch/shared';
import { io } from 'socket.io-client';
import { getSessionToken } from '../../../lib/session.ts';

/** How long to wait for the server's 'got status' before telling the user. */
export const gotStatusTimeoutMs = 10_000;

/**
 * Names an unresolvable token over the realtime channel: connects (same origin, /socket.io, the bearer
 * token as handshake auth), emits 'update token' and resolves with the server's 'got status' answer.
 * The socket lives only for this exchange; the wizard needs nothing else in real time.
 */
export function sendUpdateToken(update: UpdateToken): Promise<GotStatus> {
  const socket = io({
    path: '/socket.io',
    auth: { token: getSessionToken() ?? '' },
    transports: ['websocket', 'polling'],
    reconnection: false,
  });
  return new Promise<GotStatus>((resolve, reject) => {
    const timer = setTimeout(() => {
      finish();
      reject(new Error('the server did not answer in time, please try again'));
    }, gotStatusTimeoutMs);
    function finish() {
      clearTimeout(timer);
      socket.disconnect();
    }
    socket.on('connect_error', (error: Error) => {
      finish();
      reject(new Error(`could not reach the realtime channel: ${error.message}`));
    });
    socket.on(socketEvents.gotStatus, (payload: unknown) => {
      finish();
      const parsed = gotStatusSchema.safeParse(payload);
      if (parsed.success) resolve(parsed.data);
      else reject(new Error('the server sent a status this page does not understand'));
    });
    socket.emit(socketEvents.updateToken, update);
  });
}
