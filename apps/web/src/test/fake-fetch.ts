import { vi } from 'vitest';

export type FakeRequest = { method: string; path: string; body: unknown; headers: Record<string, string> };
export type FakeReply = { status?: number; body?: unknown };
export type FakeHandler = (request: FakeRequest) => FakeReply | undefined;

/** An error body in the server's shape, for fake replies. */
export function errorReply(status: number, code: string, message: string, details?: unknown[]): FakeReply {
  return { status, body: { statusCode: status, error: 'Error', code, message, details } };
}

/**
 * Replaces window.fetch, the app's network boundary, with a recorder for component tests. The CSRF start-up
 * call is answered by default; anything the handler leaves unanswered gets a 404 error body.
 * Paths are recorded without the '/api' prefix.
 */
export function installFakeFetch(handler: FakeHandler = () => undefined): FakeRequest[] {
  const calls: FakeRequest[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = url.replace(/^.*?\/api/, '');
    const request: FakeRequest = {
      method: init.method ?? 'GET',
      path,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      headers: { ...(init.headers as Record<string, string>) },
    };
    calls.push(request);
    const reply =
      handler(request) ??
      (path === '/internal/csrf_cookie'
        ? { status: 200, body: { ok: true } }
        : errorReply(404, 'NOT_FOUND', `no fake reply for ${request.method} ${path}`));
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  return calls;
}

/** The calls that reached a path (the CSRF start-up call filtered out when looking for others). */
export function callsTo(calls: FakeRequest[], method: string, path: string): FakeRequest[] {
  return calls.filter((call) => call.method === method && call.path === path);
}
