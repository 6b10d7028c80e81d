import { type GotStatus, socketEvents, updateTokenSchema } from '@tidewatch/shared';
import type { FastifyInstance } from 'fastify';
import { Server } from 'socket.io';
import type { AccountsService } from '../accounts/service.ts';
import type { ImportWizardService } from './service.ts';

/**
 * The wizard's realtime channel: socket.io on the app's own HTTP server (path /socket.io). The
 * handshake must carry the bearer token (`auth: {token}`), checked like the HTTP API's (signature,
 * expiry, revocation). 'update token' {address, name, symbol[, import_id]} names a token of one of the
 * user's open imports; the answer is 'got status' {status, message} (also passed to an ack callback).
 * State lives in the database, so several processes need no shared memory for this.
 */
export function attachImportRealtime(
  app: FastifyInstance,
  deps: { accounts: AccountsService; wizard: ImportWizardService; allowedOrigins: string[] },
): Server {
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
        next();
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'realtime authentication failed');
        next(new Error('something went wrong on our side; please try again'));
      },
    );
  });

  io.on('connection', (socket) => {
    socket.on(socketEvents.updateToken, async (payload: unknown, ack?: unknown) => {
      let status: GotStatus;
      const parsed = updateTokenSchema.safeParse(payload);
      if (!parsed.success) {
        const why = parsed.error.issues
          .map((i) => `${i.path.join('.') || 'payload'}: ${i.message}`)
          .join('; ');
        status = { status: 'error', message: `invalid token update: ${why}` };
      } else {
        try {
          status = await deps.wizard.updateToken(socket.data.userId as number, parsed.data);
        } catch (error) {
          app.log.error({ err: error }, 'update token failed');
          status = { status: 'error', message: 'something went wrong on our side; please try again' };
        }
      }
      socket.emit(socketEvents.gotStatus, status);
      if (typeof ack === 'function') ack(status);
    });
  });

  // Close sockets before Fastify closes the server; io.close() would close the HTTP server itself.
  app.addHook('preClose', async () => {
    io.local.disconnectSockets(true);
    io.engine.close();
  });
  return io;
}
