import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * helmet's security headers on every answer; HSTS only when the public URL is https (a browser that saw
 * it over plain http would refuse the site until it expires). The Content-Security-Policy is ours
 * (http/spa.ts): it is for pages, not for JSON.
 *
 * The headers never change while the server runs, so helmet is asked for them once, at start-up, and each
 * answer gets the same set. @fastify/helmet runs helmet anew on every request (it even builds the
 * middleware per call): a fifth of a cached read's time in bench:api (decision 017).
 */
export function registerSecurityHeaders(app: FastifyInstance, options: { isHttps: boolean }): void {
  const headers = helmetHeaders({
    contentSecurityPolicy: false,
    strictTransportSecurity: options.isHttps ? { maxAge: 15_552_000, includeSubDomains: true } : false,
  });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

/** The headers helmet sets with these options, read from a response it is given to fill. */
function helmetHeaders(options: Parameters<typeof helmet>[0]): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}
