import { AppError, type SessionUser } from '@tidewatch/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TokenClaims } from '../auth/jwt.ts';
import type { SessionReader } from '../auth/session.ts';
import type { DataVersion } from '../db/data-version.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `app.requireUser`; null on routes without it. */
    user: SessionUser | null;
    /** The verified bearer token's claims, set with `user`. */
    auth: TokenClaims | null;
  }
  interface FastifyInstance {
    /**
     * preHandler for routes that need a logged-in user: a valid, unrevoked bearer token of an
     * existing user fills `request.user`, otherwise 401 UNAUTHENTICATED.
     * @example app.get('/api/wallets/connected', { preHandler: app.requireUser }, async (request) => request.user!.id)
     */
    requireUser: (request: FastifyRequest) => Promise<void>;
    /**
     * preHandler for public routes that show more to a signed-in user: a valid session fills
     * `request.user`; no token, or one that is not valid, leaves it null (the public answer), never a 401.
     */
    identifyUser: (request: FastifyRequest) => Promise<void>;
  }
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
}

export function registerAuth(app: FastifyInstance, accounts: SessionReader, dataVersion: DataVersion): void {
  app.decorateRequest('user', null);
  app.decorateRequest('auth', null);
  app.decorate('requireUser', async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) throw new AppError('UNAUTHENTICATED', 'please log in first: this call needs a bearer token');
    const session = await accounts.authenticate(token, await dataVersion.of(request));
    if (!session)
      throw new AppError('UNAUTHENTICATED', 'your session has expired or ended: please log in again');
    request.user = session.user;
    request.auth = session.claims;
  });
  app.decorate('identifyUser', async (request: FastifyRequest) => {
    const token = bearerToken(request);
    const session = token ? await accounts.authenticate(token, await dataVersion.of(request)) : null;
    request.user = session?.user ?? null;
    request.auth = session?.claims ?? null;
  });
}
