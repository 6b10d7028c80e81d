import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { errorBodySchema, healthSchema } from '@tidewatch/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';

describe('health, errors, SPA', () => {
  let t: TestApp;
  let webDist: string;

  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), 'tidewatch-dist-'));
    mkdirSync(join(webDist, 'assets'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Tidewatch SPA</title>');
    writeFileSync(join(webDist, 'assets', 'app.js'), 'console.log(1)');
    t = await createTestApp({
      deps: { webDist, chainProbe: async () => ({ chainId: 137, blockNumber: 123n }) },
      beforeReady: (app) => {
        app.get('/api/test/boom', async () => {
          throw new Error('secret internals: password=hunter2');
        });
      },
    });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('reports database and chain reachability', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    const body = healthSchema.parse(response.json());
    expect(body).toMatchObject({
      status: 'ok',
      database: { ok: true },
      chain: { ok: true, chainId: 137, blockNumber: '123' },
    });
    expect(body.database.dialect).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite');
  });

  it('answers JSON 404 for an unknown /api path', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/no/such/thing' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(errorBodySchema.parse(response.json())).toMatchObject({
      statusCode: 404,
      error: 'Not Found',
      code: 'NOT_FOUND',
    });
  });

  it('serves index.html for client routes, with a Content-Security-Policy', async () => {
    for (const url of ['/', '/dashboard', '/quickswap/lp-mining/details/0xabc?x=1']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('Tidewatch SPA');
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("connect-src 'self' ws://localhost:5173");
    }
  });

  it('serves built assets as files', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('console.log(1)');
  });

  it('masks unexpected errors as 500 INTERNAL without internals', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ code: 'INTERNAL', error: 'Internal Server Error' });
    expect(response.body).not.toContain('hunter2');
    expect(response.body).not.toContain('secret internals');
  });
});

describe('health when things are down', () => {
  it('is degraded (still 200) when the chain does not answer', async () => {
    const t = await createTestApp({
      deps: {
        chainProbe: async () => {
          throw new Error('connect ECONNREFUSED');
        },
      },
    });
    try {
      const response = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        status: 'degraded',
        database: { ok: true },
        chain: { ok: false },
      });
    } finally {
      await t.close();
    }
  });

  it('answers 503 when the database is gone', async () => {
    const t = await createTestApp();
    await t.database.close();
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ status: 'degraded', database: { ok: false } });
    // close() would close the database a second time; drop the rest by hand.
    await t.app.close();
    await t.close().catch(() => {});
  });

  it('answers a clear 503 text for pages when the SPA is not built', async () => {
    const t = await createTestApp({ deps: { webDist: join(tmpdir(), 'tidewatch-no-such-dist') } });
    try {
      const response = await t.app.inject({ method: 'GET', url: '/dashboard' });
      expect(response.statusCode).toBe(503);
      expect(response.body).toContain('npm run build');
      const api = await t.app.inject({ method: 'GET', url: '/api/nope' });
      expect(api.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
