import { type GotStatus, socketEvents, updateTokenSchema } from '@tidewatch/shared';
import type { FastifyInstance } from 'fastify';
import { Server } from 'socket.io';
import type { SessionReader } from '../../core/auth/session.ts';
import { closeAdapter } from '../../core/realtime/postgres-adapter.ts';
import { userRoom } from '../../core/realtime/rooms.ts';
import type { ImportWizardService } from './service.ts';

/**
 * The wizard's realtime channel: socket.io on the app's own HTTP server (path /socket.io). The
 * handshake must carry the bearer token (`auth: {token}`), checked like the HTTP API's (signature,
 * expiry, revocation), and again on every event: a logout (revoked jti) or an expired token ends the
 * socket too, and a timer disconnects it when the token expires. 'update token' {address, name, symbol[, import_id]} names a token of one of the
 * user's open imports; the answer is 'got status' {status, message} (also passed to an ack callback).
 * State lives in the database, so several processes need no shared memory for this.
 */
const sessionEnded: GotStatus = {
  status: 'error',
  message: 'your session has ended: please log in again',
};
const maxTimeoutMs = 2 ** 31 - 1;

/** The socket.io room of one user's open pages. */

export function attachImportRealtime(
  app: FastifyInstance,
  deps: {
    accounts: SessionReader;
    wizard: ImportWizardService;
    allowedOrigins: string[];
    now?: (() => Date) | undefined;
  },
): Server {
  const now = deps.now ?? (() => new Date());
  const io = new Server(app.server, {
    path: '/socket.io',
    serveClient: false,
    cors: { origin: deps.allowedOrigins, credentials: true },
  });

  io.use((socket, next) => {
    const token: unknown = socket.handshake.auth?.token;
    if (typeof token !== 'string' || token === '') {
      next(new Error('please log in first: the realtime channel needs the bearer token in auth.token'));
      return;
    }
    deps.accounts.authenticate(token).then(
      (session) => {
        if (!session) return next(new Error('your session has expired or ended: please log in again'));
        socket.data.userId = session.user.id;
        socket.data.expiresAt = session.claims.expiresAt.getTime();
        next();
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'realtime authentication failed');
        next(new Error('something went wrong on our side; please try again'));
      },
    );
  });

  io.on('connection', (socket) => {
    // Per-user room: events about the user's own farms ('snapshot created') go to every open page.
    void socket.join(userRoom(socket.data.userId as number));
    const expiry = disconnectAtExpiry(socket.data.expiresAt as number);
    socket.on('disconnect', () => clearTimeout(expiry.timer));

    socket.on(socketEvents.updateToken, async (payload: unknown, ack?: unknown) => {
      const answer = (status: GotStatus) => {
        socket.emit(socketEvents.gotStatus, status);
        if (typeof ack === 'function') ack(status);
      };
      let status: GotStatus;
      try {
        if (!(await isSessionLive(socket.handshake.auth?.token))) {
          answer(sessionEnded);
          socket.disconnect(true);
          return;
        }
        const parsed = updateTokenSchema.safeParse(payload);
        if (!parsed.success) {
          const why = parsed.error.issues
            .map((i) => `${i.path.join('.') || 'payload'}: ${i.message}`)
            .join('; ');
          status = { status: 'error', message: `invalid token update: ${why}` };
        } else {
          status = await deps.wizard.updateToken(socket.data.userId as number, parsed.data);
        }
      } catch (error) {
        app.log.error({ err: error }, 'update token failed');
        status = { status: 'error', message: 'something went wrong on our side; please try again' };
      }
      answer(status);
    });

    /** Disconnects at the token's expiry; long waits are re-armed (setTimeout caps at about 24.8 days). */
    function disconnectAtExpiry(expiresAt: number): { timer: NodeJS.Timeout | undefined } {
      const handle: { timer: NodeJS.Timeout | undefined } = { timer: undefined };
      const arm = () => {
        const left = expiresAt - now().getTime();
        if (left <= 0) {
          socket.disconnect(true);
          return;
        }
        handle.timer = setTimeout(arm, Math.min(left, maxTimeoutMs));
        // Never what keeps the process alive; the disconnect handler clears it anyway.
        handle.timer.unref();
      };
      arm();
      return handle;
    }
  });

  /** The same check as the HTTP API's bearer token: signature, not expired, not revoked, user exists. */
  async function isSessionLive(token: unknown): Promise<boolean> {
    return typeof token === 'string' && token !== '' && (await deps.accounts.authenticate(token)) !== null;
  }

  // Close sockets before Fastify closes the server; io.close() would close the HTTP server itself.
  app.addHook('preClose', async () => {
    io.local.disconnectSockets(true);
    io.engine.close();
    await closeAdapter(io);
  });
  return io;
}
