import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * helmet's security headers on every answer; HSTS only when the public URL is https (a browser that saw
 * it over plain http would refuse the site until it expires). The Content-Security-Policy is ours
 * (http/spa.ts): it is for pages, not for JSON.
 *
 * helmet's middleware is built once here. @fastify/helmet builds it anew on every request (`helmet(options)`
 * inside its hook, plus a second hook per request), which was a fifth of a cached read's time in
 * bench:api; the options never change while the server runs (decision 017).
 */
export function registerSecurityHeaders(app: FastifyInstance, options: { isHttps: boolean }): void {
  const setHeaders = helmet({
    contentSecurityPolicy: false,
    strictTransportSecurity: options.isHttps ? { maxAge: 15_552_000, includeSubDomains: true } : false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    setHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined));
  });
}
