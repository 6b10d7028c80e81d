import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { AppError, csrfCookieName, csrfHeaderName } from '@tidewatch/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The CSRF key is derived from the JWT secret so one secret configures the whole server. */
function deriveKey(jwtSecret: string): Buffer {
  return createHmac('sha256', jwtSecret).update('tidewatch csrf v1').digest();
}

function sign(key: Buffer, nonce: string): string {
  return createHmac('sha256', key).update(nonce).digest('base64url');
}

/** A fresh token: `<random nonce>.<HMAC of the nonce>`, both base64url. */
function createCsrfToken(jwtSecret: string): string {
  const nonce = randomBytes(18).toString('base64url');
  return `${nonce}.${sign(deriveKey(jwtSecret), nonce)}`;
}

/** True when the token carries a valid signature made with this server's key. */
function isValidCsrfToken(jwtSecret: string, token: string): boolean {
  const [nonce, signature, extra] = token.split('.');
  if (!nonce || !signature || extra !== undefined) return false;
  const expected = Buffer.from(sign(deriveKey(jwtSecret), nonce));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The csrftoken cookie's value: cookies are parsed here, on demand (app.ts registers @fastify/cookie without its hook). */
function readCsrfCookie(app: FastifyInstance, request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  return header ? app.parseCookie(header)[csrfCookieName] : undefined;
}

/**
 * Signed double-submit: `GET /api/internal/csrf_cookie` sets the `csrftoken` cookie (readable by the
 * SPA, which echoes it in `x-csrftoken`); every unsafe /api request must echo the cookie exactly and
 * the value must carry our signature, so a cookie planted by a sibling subdomain cannot pass.
 */
export function registerCsrf(
  app: FastifyInstance,
  options: { jwtSecret: string; secureCookie: boolean },
): void {
  /** Throws CSRF_FAILED for an unsafe /api request without a valid token echoed from its cookie. */
  function refuseWithoutToken(request: FastifyRequest): void {
    // Decide on the matched route, not the raw URL: the router decodes the path, so `/%61pi/...`
    // reaches an /api route while its raw URL does not start with '/api/'. Unmatched requests
    // (no route, so nothing to protect) go on to the JSON 404.
    const route = request.routeOptions.url;
    if (!unsafeMethods.has(request.method) || !route?.startsWith('/api/')) return;
    // A route whose request carries its own signed proof (the e-mail unsubscribe link) needs no cookie.
    if ((request.routeOptions.config as { isCsrfExempt?: boolean } | undefined)?.isCsrfExempt) return;
    const header = request.headers[csrfHeaderName];
    const cookie = readCsrfCookie(app, request);
    if (typeof header !== 'string' || !header || !cookie) {
      throw new AppError(
        'CSRF_FAILED',
        `missing CSRF token: fetch GET /api/internal/csrf_cookie and send its value in the ${csrfHeaderName} header`,
      );
    }
    const headerBytes = Buffer.from(header);
    const cookieBytes = Buffer.from(cookie);
    const sameValue = headerBytes.length === cookieBytes.length && timingSafeEqual(headerBytes, cookieBytes);
    if (!sameValue || !isValidCsrfToken(options.jwtSecret, cookie)) {
      throw new AppError('CSRF_FAILED', 'invalid CSRF token: reload the page and try again');
    }
  }

  // A plain callback, not an async hook: every request passes here, most of them safe methods.
  app.addHook('onRequest', (request, _reply, done) => {
    try {
      refuseWithoutToken(request);
    } catch (error) {
      return done(error as Error);
    }
    done();
  });

  app.get('/api/internal/csrf_cookie', async (request, reply) => {
    const existing = readCsrfCookie(app, request);
    // Keep a valid cookie so two tabs do not invalidate each other's header value.
    const token =
      existing && isValidCsrfToken(options.jwtSecret, existing)
        ? existing
        : createCsrfToken(options.jwtSecret);
    reply.setCookie(csrfCookieName, token, {
      path: '/',
      sameSite: 'lax',
      httpOnly: false,
      secure: options.secureCookie,
      maxAge: 60 * 60 * 24 * 365,
    });
    return { ok: true as const };
  });
}
