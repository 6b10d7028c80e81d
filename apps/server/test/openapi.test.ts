import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';

// The API document is generated from the routes' own schemas: every route is in it, with its
// parameters, body and answers, and the error body every operation may send.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

type Document = {
  openapi: string;
  paths: Record<
    string,
    Record<
      string,
      { parameters?: { name: string }[]; requestBody?: unknown; responses: Record<string, unknown> }
    >
  >;
};

describe('OpenAPI', () => {
  it('documents every /api route, none left out', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json() as Document;
    expect(doc.openapi).toBe('3.1.0');
    const routes = t.app.apiRoutes.filter((r) => !r.isHidden);
    expect(routes.length).toBeGreaterThan(40);
    const missing = routes.filter((route) => {
      const path = route.url.replace(/:(\w+)\??/g, '{$1}');
      return !doc.paths[path]?.[route.method.toLowerCase()];
    });
    expect(missing).toEqual([]);
  });

  it('carries parameters, bodies, answers and the error body', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as Document;
    const csv = doc.paths['/api/quickswap/farm/details/{address}/positions.csv']!.get!;
    expect(csv.parameters!.map((p) => p.name)).toEqual(expect.arrayContaining(['address', 'account']));
    expect(doc.paths['/api/wallets/watch']!.post!.requestBody).toBeDefined();
    const detail = doc.paths['/api/quickswap/farm/details/{address}']!.get!;
    expect(Object.keys(detail.responses)).toEqual(expect.arrayContaining(['200', '4XX', '5XX']));
  });

  it('serves a readable reference at /api/docs', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('GET /api/wallets/connected');
    expect(response.body).not.toContain('<script');
  });
});

describe('security headers', () => {
  it('sends helmet headers, no HSTS over http', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    // helmet's defaults, CSP aside (ours, on pages).
    expect(response.headers).toMatchObject({
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'SAMEORIGIN',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    });
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends HSTS when PUBLIC_URL is https, and keeps the app CSP on pages', async () => {
    const https = await createTestApp({ env: { PUBLIC_URL: 'https://tidewatch.example' } });
    try {
      const response = await https.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.headers['strict-transport-security']).toMatch(/max-age=15552000/);
      const page = await https.app.inject({ method: 'GET', url: '/dashboard' });
      expect(String(page.headers['content-security-policy'])).toContain("default-src 'self'");
    } finally {
      await https.close();
    }
  });
});
