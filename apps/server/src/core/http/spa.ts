import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { findRepoRoot } from '../config.ts';
import { sendError } from './error-handler.ts';
import { createRoutePagesReader, findRoutePage } from './route-pages.ts';

/** apps/web/dist, found from the repository root so neither the cwd nor where this code was built to matters. */
export const defaultWebDist = join(findRepoRoot(), 'apps/web/dist');

/** The SPA's policy: own origin only, no inline scripts; websockets to our own host for socket.io. */
function contentSecurityPolicy(publicUrl: string): string {
  const url = new URL(publicUrl);
  const ws = `${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`;
  return [
    "default-src 'self'",
    "script-src 'self'",
    // Libraries inject <style> tags at run time; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    `connect-src 'self' ${ws}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}

/** Vite names everything under /assets/ by its content's hash: a changed file is a new URL. */
const hashedAssetCacheControl = 'public, max-age=31536000, immutable';

/**
 * Serves the built SPA for every non-API path (the route's page, or index.html, for client routes) and a
 * JSON 404 under /api. Without a build, non-API paths answer 503 saying how to make one.
 *
 * Files are looked up on each request (a wildcard route, not a list made at start-up), so a rebuild
 * while the server runs is served at once: its index.html names new hashed assets, which must be found.
 */
export async function registerSpa(app: FastifyInstance, options: { webDist: string; publicUrl: string }) {
  const csp = contentSecurityPolicy(options.publicUrl);
  // Checked per page request too: a build made after start-up is picked up without a restart.
  const hasBuild = () => existsSync(join(options.webDist, 'index.html'));
  const readRoutePages = createRoutePagesReader(options.webDist);

  // A plain callback, not an async hook: every answer passes here, most of them API answers it leaves alone.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!request.url.startsWith('/api/') && !request.url.startsWith('/socket.io/')) {
      reply.header('content-security-policy', csp);
      reply.header('x-content-type-options', 'nosniff');
      reply.header('referrer-policy', 'same-origin');
      // A hashed asset never changes, so a returning visitor loads it from its cache without asking
      // (decision 016). The index.html fallback for a missing one is not an asset and keeps its no-cache.
      const isAsset =
        request.url.startsWith('/assets/') &&
        reply.statusCode === 200 &&
        !String(reply.getHeader('content-type') ?? '').startsWith('text/html');
      if (isAsset) {
        reply.header('cache-control', hashedAssetCacheControl);
        reply.header('vary', 'accept-encoding');
      }
    }
    done(null, payload);
  });

  await app.register(fastifyStatic, {
    root: options.webDist,
    wildcard: true,
    index: false,
    // The build writes .br and .gz beside each script and stylesheet (apps/web/vite.config.ts): sent as they
    // are to browsers that accept them, so nothing is compressed per request.
    preCompressed: true,
    // Directories ('/' too) and API paths are never files: they, like any missing file, go to the
    // not-found handler below (index.html, JSON 404 or 503).
    allowedPath: (pathname) => !pathname.endsWith('/') && !isApiPath(pathname),
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (isApiPath(path)) {
      return sendError(reply, 'NOT_FOUND', `no API route ${request.method} ${path}`);
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return sendError(reply, 'NOT_FOUND', `no route ${request.method} ${path}`);
    }
    if (!hasBuild()) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built yet: run `npm run build` at the repository root, then reload.');
    }
    // Each client-side route (/dashboard, /login, …) gets the build's page for it: the screen or its header
    // already drawn, and its chunks preloaded (decision 016). A build without route pages: index.html for all.
    // no-cache: after a rebuild the browser must fetch the page naming the new assets.
    const routePages = readRoutePages();
    const page = routePages ? findRoutePage(routePages, path) : 'index.html';
    return reply.header('cache-control', 'no-cache').sendFile(page, { cacheControl: false });
  });
}
