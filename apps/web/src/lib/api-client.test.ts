// @vitest-environment jsdom
// Requests to a real local server on another origin than the page's: happy-dom (the other web files' environment)
// sends a CORS preflight this server does not answer; jsdom sends them as the app's same-origin requests go.
/// <reference types="node" />
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AppError } from '@tidewatch/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApiClient, networkMessage, timeoutMessage } from './api-client.ts';
import { clearSessionToken, setSessionToken } from './session.ts';

type Seen = { method: string; url: string; headers: IncomingMessage['headers']; body: string };

// A real HTTP server on a free loopback port: the client's requests cross a real socket.
let server: Server;
let baseUrl: string;
const seen: Seen[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const url = req.url ?? '';
      if (url === '/api/internal/csrf_cookie') {
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      } else if (url === '/api/slow') {
        setTimeout(() => res.writeHead(200).end('{}'), 1_000);
      } else if (url === '/api/broken') {
        res.writeHead(422, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            statusCode: 400,
            error: 'Bad Request',
            code: 'VALIDATION_FAILED',
            message: 'email is invalid',
            details: [{ field: 'body.email', message: 'please enter a valid email address' }],
          }),
        );
      } else if (url === '/api/wizard-step') {
        res.writeHead(409, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            statusCode: 409,
            error: 'Conflict',
            code: 'CONFLICT',
            message: 'this farm is already imported',
            name: 'ERROR',
            previous: 'NOT_STARTED',
            events: ['PARSE_URL'],
            data: { farm_address: '0x1111111111111111111111111111111111111111' },
          }),
        );
      } else if (url === '/api/html-error') {
        res.writeHead(502, { 'content-type': 'text/html' }).end('<h1>bad gateway</h1>');
      } else if (url === '/api/empty') {
        res.writeHead(204).end();
      } else {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ echo: url, n: 7 }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

afterEach(() => {
  seen.length = 0;
  clearSessionToken();
  // biome-ignore lint/suspicious/noDocumentCookie: tests set the CSRF cookie the way the browser would hold it
  document.cookie = 'csrftoken=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
});

describe('api client against a real HTTP server', () => {
  it('sends the bearer token and the CSRF header from the cookie', async () => {
    setSessionToken('token-123');
    // biome-ignore lint/suspicious/noDocumentCookie: see afterEach
    document.cookie = 'csrftoken=csrf-abc';
    const client = createApiClient({ baseUrl });
    const result = await client.get('/wallets/connected');
    expect(result).toEqual({ echo: '/api/wallets/connected', n: 7 });
    const request = seen.find((r) => r.url === '/api/wallets/connected');
    expect(request?.method).toBe('GET');
    expect(request?.headers.authorization).toBe('Bearer token-123');
    expect(request?.headers['x-csrftoken']).toBe('csrf-abc');
  });

  it('sends no authorization header for a visitor', async () => {
    const client = createApiClient({ baseUrl });
    await client.get('/lp-tools/tools');
    expect(seen[0]?.headers.authorization).toBeUndefined();
  });

  it('sends nothing for a caller that gave up before the request, rethrowing its abort', async () => {
    const client = createApiClient({ baseUrl });
    const caller = new AbortController();
    caller.abort(new DOMException('the navigation moved on', 'AbortError'));
    await expect(client.get('/lp-tools/tools', { signal: caller.signal })).rejects.toThrow(
      'the navigation moved on',
    );
    await client.get('/lp-tools/tools');
    expect(seen.map((request) => request.url)).toEqual(['/api/lp-tools/tools']);
  });

  it('asks for the CSRF cookie before the first POST, once, and sends a JSON body', async () => {
    const client = createApiClient({ baseUrl });
    await client.post('/internal/waitlist', { email: 'a@b.co', tokens: 'MATIC', concern: '' });
    await client.post('/internal/contact', { email: 'a@b.co' });
    expect(seen.map((r) => `${r.method} ${r.url}`)).toEqual([
      'GET /api/internal/csrf_cookie',
      'POST /api/internal/waitlist',
      'POST /api/internal/contact',
    ]);
    expect(seen[1]?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(seen[1]?.body ?? '')).toEqual({ email: 'a@b.co', tokens: 'MATIC', concern: '' });
  });

  it('del sends a real DELETE, not a GET', async () => {
    const client = createApiClient({ baseUrl });
    await client.del('/wallets/3');
    const request = seen.find((r) => r.url === '/api/wallets/3');
    expect(request?.method).toBe('DELETE');
  });

  it('answers undefined for an empty 204', async () => {
    const client = createApiClient({ baseUrl });
    await expect(client.get('/empty')).resolves.toBeUndefined();
  });

  it('ends a slow request in a TIMEOUT error the user can read', async () => {
    const client = createApiClient({ baseUrl, timeoutMs: 100 });
    const error = await client.get('/slow').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('TIMEOUT');
    expect((error as AppError).message).toBe(timeoutMessage);
  });

  it('parses an error body into an AppError with code, message and details', async () => {
    const client = createApiClient({ baseUrl });
    const error = (await client.post('/broken', {}).catch((e: unknown) => e)) as AppError;
    expect(error).toBeInstanceOf(AppError);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.message).toBe('email is invalid');
    expect(error.details).toEqual([{ field: 'body.email', message: 'please enter a valid email address' }]);
  });

  it("keeps an error body's extra fields (a route's own error shape) beside the standard ones", async () => {
    const client = createApiClient({ baseUrl });
    const error = (await client.post('/wizard-step', {}).catch((e: unknown) => e)) as AppError;
    expect(error.code).toBe('CONFLICT');
    expect(error.message).toBe('this farm is already imported');
    expect(error.extra).toEqual({
      name: 'ERROR',
      previous: 'NOT_STARTED',
      events: ['PARSE_URL'],
      data: { farm_address: '0x1111111111111111111111111111111111111111' },
    });
  });

  it('has no extra fields for a plain error body', async () => {
    const client = createApiClient({ baseUrl });
    const error = (await client.post('/broken', {}).catch((e: unknown) => e)) as AppError;
    expect(error.extra).toEqual({});
  });

  it('turns a non-JSON error page into an INTERNAL error naming the status', async () => {
    const client = createApiClient({ baseUrl });
    const error = (await client.get('/html-error').catch((e: unknown) => e)) as AppError;
    expect(error.code).toBe('INTERNAL');
    expect(error.message).toContain('502');
  });

  it('validates the answer with a schema when given one', async () => {
    const client = createApiClient({ baseUrl });
    await expect(client.get('/ok', { schema: z.object({ n: z.number() }) })).resolves.toEqual({ n: 7 });
    const error = (await client
      .get('/ok', { schema: z.object({ n: z.string() }) })
      .catch((e: unknown) => e)) as AppError;
    expect(error.code).toBe('INTERNAL');
  });

  it('validates with a schema given as a loader, called beside the request', async () => {
    const client = createApiClient({ baseUrl });
    let loads = 0;
    const loadSchema = async () => {
      loads += 1;
      return z.object({ n: z.number() });
    };
    await expect(client.get('/ok', { schema: loadSchema })).resolves.toEqual({ n: 7 });
    expect(loads).toBe(1);
    const error = (await client
      .get('/ok', { schema: async () => z.object({ n: z.string() }) })
      .catch((e: unknown) => e)) as AppError;
    expect(error).toBeInstanceOf(AppError);
    expect(error.code).toBe('INTERNAL');
  });

  it('reports a schema that could not be loaded as NETWORK, the answer unused', async () => {
    const client = createApiClient({ baseUrl });
    const loadSchema = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
    const error = (await client.get('/ok', { schema: loadSchema }).catch((e: unknown) => e)) as AppError;
    expect(error).toBeInstanceOf(AppError);
    expect(error.code).toBe('NETWORK');
    expect(error.message).toBe(networkMessage);
  });

  it("reports the server's error, not the loader's, when both fail", async () => {
    const client = createApiClient({ baseUrl });
    const loadSchema = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
    const error = (await client.get('/broken', { schema: loadSchema }).catch((e: unknown) => e)) as AppError;
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.message).toBe('email is invalid');
  });

  it('reports an unreachable server as NETWORK', async () => {
    // Port 1 on loopback is reserved and closed: the connection is refused at once.
    const client = createApiClient({ baseUrl: 'http://127.0.0.1:1/api' });
    const error = (await client.get('/anything').catch((e: unknown) => e)) as AppError;
    expect(error.code).toBe('NETWORK');
    expect(error.message).toBe(networkMessage);
  });
});
