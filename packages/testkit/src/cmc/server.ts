import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CmcListing } from './listings.ts';
import { cmcStatus, infoEntry, mapEntry, quoteEntry } from './responses.ts';

type CmcRequest = { path: string; query: Record<string, string>; headers: IncomingHttpHeaders };

export type StartCmcServerOptions = { apiKey: string; listings: CmcListing[] };

export type CmcServer = {
  /** Base URL to use as CMC_API_URL, e.g. http://127.0.0.1:41234 (no trailing slash). */
  url: string;
  apiKey: string;
  /** Every request received, in order (rejected ones included). */
  requests: CmcRequest[];
  /** Answer 429 with this Retry-After (seconds) until called with null. */
  setRateLimited(retryAfterSeconds: number | null): void;
  /** How the server misbehaves until called with null (fault tests): a 500, a body that is not JSON, no answer. */
  setFault(fault: '500' | 'garbage' | 'hang' | null): void;
  /** Replace the listings (e.g. to move a price between two reads). */
  setListings(listings: CmcListing[]): void;
  stop(): Promise<void>;
};

type Answer = { statusCode: number; body: unknown; headers?: Record<string, string> };

const badRequest = (message: string): Answer => ({
  statusCode: 400,
  body: { status: cmcStatus(400, message, 0) },
});

/**
 * A loopback HTTP server speaking CoinMarketCap's documented shapes for the three endpoints
 * Tidewatch uses, with CMC's auth (X-CMC_PRO_API_KEY) and rate-limit errors.
 * @example
 * const cmc = await startCmcServer({ apiKey: 'test-key', listings: cmcListingsForWorld(world) });
 * // CMC_API_URL=cmc.url CMC_API_KEY=cmc.apiKey
 */
export async function startCmcServer(options: StartCmcServerOptions): Promise<CmcServer> {
  const requests: CmcRequest[] = [];
  let listings = [...options.listings];
  let retryAfter: number | null = null;
  let fault: '500' | 'garbage' | 'hang' | null = null;
  const startedAt = new Date().toISOString();
  const dateAdded = '2021-01-01T00:00:00.000Z';
  const rankOf = (listing: CmcListing) => listings.indexOf(listing) + 1;

  function route(path: string, query: Record<string, string>): Answer {
    if (path === '/v2/cryptocurrency/info') {
      const address = query.address?.trim().toLowerCase();
      const ids = query.id?.split(',').map((id) => id.trim());
      if (address) {
        const found = listings.filter((l) => l.polygonAddress?.toLowerCase() === address);
        // CMC rejects an address it does not know rather than answering an empty object.
        if (found.length === 0) return badRequest(`Invalid value for "address": "${query.address}"`);
        return ok(Object.fromEntries(found.map((l) => [String(l.id), infoEntry(l, dateAdded)])));
      }
      if (ids) {
        const found = ids.map((id) => listings.find((l) => String(l.id) === id));
        const missing = ids.filter((_, i) => !found[i]);
        if (missing.length > 0) return badRequest(`Invalid value for "id": "${missing.join(',')}"`);
        return ok(Object.fromEntries(found.map((l) => [String(l!.id), infoEntry(l!, dateAdded)])));
      }
      return badRequest('"value" must contain at least one of [id, symbol, slug, address]');
    }
    if (path === '/v1/cryptocurrency/map') {
      const symbols = query.symbol?.split(',').map((s) => s.trim().toUpperCase());
      const found = symbols ? listings.filter((l) => symbols.includes(l.symbol.toUpperCase())) : listings;
      return ok(found.map((l) => mapEntry(l, rankOf(l), dateAdded)));
    }
    if (path === '/v2/cryptocurrency/quotes/latest') {
      const convert = (query.convert ?? 'USD').toUpperCase();
      if (convert !== 'USD') return badRequest(`Invalid value for "convert": "${query.convert}"`);
      const ids = query.id?.split(',').map((id) => id.trim());
      if (!ids || ids.length === 0 || ids[0] === '') {
        return badRequest('"value" must contain at least one of [id, symbol, slug]');
      }
      const found = ids.map((id) => listings.find((l) => String(l.id) === id));
      const missing = ids.filter((_, i) => !found[i]);
      if (missing.length > 0) return badRequest(`Invalid value for "id": "${missing.join(',')}"`);
      return ok(
        Object.fromEntries(
          found.map((l) => [
            String(l!.id),
            quoteEntry(l!, rankOf(l!), dateAdded, l!.lastUpdated ?? startedAt),
          ]),
        ),
      );
    }
    return { statusCode: 404, body: { status: cmcStatus(404, 'Not found', 0) } };
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const query = Object.fromEntries(url.searchParams.entries());
    requests.push({ path: url.pathname, query, headers: req.headers });
    const headerKey = req.headers['x-cmc_pro_api_key'];
    const key = (Array.isArray(headerKey) ? headerKey[0] : headerKey) ?? query.CMC_PRO_API_KEY;
    if (!key) return send(res, { statusCode: 401, body: { status: cmcStatus(1002, 'API key missing.', 0) } });
    if (key !== options.apiKey) {
      return send(res, { statusCode: 401, body: { status: cmcStatus(1001, 'This API Key is invalid.', 0) } });
    }
    if (fault === 'hang') return;
    if (fault === '500')
      return send(res, { statusCode: 500, body: { status: cmcStatus(500, 'Internal error', 0) } });
    if (fault === 'garbage') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html><body>upstream maintenance</body></html>');
      return;
    }
    if (retryAfter !== null) {
      return send(res, {
        statusCode: 429,
        headers: { 'retry-after': String(retryAfter) },
        body: {
          status: cmcStatus(
            1008,
            "You've exceeded your API Key's HTTP request rate limit. Rate limits reset every minute.",
            0,
          ),
        },
      });
    }
    if (req.method !== 'GET')
      return send(res, { statusCode: 405, body: { status: cmcStatus(405, 'Method not allowed', 0) } });
    send(res, route(url.pathname, query));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    apiKey: options.apiKey,
    requests,
    setRateLimited(seconds) {
      retryAfter = seconds;
    },
    setFault(next) {
      fault = next;
    },
    setListings(next) {
      listings = [...next];
    },
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

function ok(data: unknown): Answer {
  return { statusCode: 200, body: { status: cmcStatus(0, null, 1), data } };
}

function send(res: ServerResponse, answer: Answer): void {
  res.writeHead(answer.statusCode, { 'content-type': 'application/json; charset=utf-8', ...answer.headers });
  res.end(JSON.stringify(answer.body));
}
