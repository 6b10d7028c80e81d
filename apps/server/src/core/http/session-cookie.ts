import { sessionRestoreCookieName, sessionRestoreHintCookieName } from '@tidewatch/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * The restore cookie of a signed-in browser (decision 022). httpOnly, so page scripts never see it;
 * SameSite=Strict and limited to /api/internal (login, logout, restore, password change), so no other
 * request carries it; Secure when the site is served over https. A readable, secret-free flag beside it
 * tells the app that a restore is worth asking for.
 */
export type SessionCookies = {
  read: (request: FastifyRequest) => string | undefined;
  set: (reply: FastifyReply, restore: { value: string; expiresAt: Date }) => void;
  clear: (reply: FastifyReply) => void;
};

const restorePath = '/api/internal';

export function createSessionCookies(app: FastifyInstance, options: { secure: boolean }): SessionCookies {
  const base = { secure: options.secure, sameSite: 'strict' as const };
  return {
    read: (request) => {
      const header = request.headers.cookie;
      return header ? app.parseCookie(header)[sessionRestoreCookieName] : undefined;
    },
    set: (reply, restore) => {
      reply.setCookie(sessionRestoreCookieName, restore.value, {
        ...base,
        path: restorePath,
        httpOnly: true,
        expires: restore.expiresAt,
      });
      // Lax: the flag holds no secret, and a page opened from an e-mail link must be able to read it.
      reply.setCookie(sessionRestoreHintCookieName, '1', {
        secure: options.secure,
        sameSite: 'lax',
        path: '/',
        httpOnly: false,
        expires: restore.expiresAt,
      });
    },
    clear: (reply) => {
      reply.clearCookie(sessionRestoreCookieName, { ...base, path: restorePath, httpOnly: true });
      reply.clearCookie(sessionRestoreHintCookieName, { secure: options.secure, sameSite: 'lax', path: '/' });
    },
  };
}
