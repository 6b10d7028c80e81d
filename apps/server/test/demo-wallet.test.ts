import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { testAccounts } from '@tidewatch/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../src/core/config.ts';
import { demoWalletBridgeScript } from '../src/features/demo-wallet/index.ts';
import { createTestApp, type TestApp } from './helpers.ts';

// A tiny stand-in build so the test does not depend on `npm run build` having run.
const webDist = mkdtempSync(join(tmpdir(), 'tidewatch-web-dist-'));
writeFileSync(
  join(webDist, 'index.html'),
  '<!doctype html><html><head><title>Tidewatch</title></head><body></body></html>',
);
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

describe('demo wallet outside demo mode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ deps: { webDist } });
  });
  afterAll(() => t.close());

  it('has no wallet endpoint and no script tag in the page', async () => {
    const call = await t.request({
      method: 'POST',
      url: '/api/demo/wallet',
      payload: { method: 'eth_accounts' },
    });
    expect(call.statusCode).toBe(404);
    const page = await t.app.inject({ method: 'GET', url: '/dashboard' });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('demo/wallet.js');
    const script = await t.app.inject({ method: 'GET', url: '/demo/wallet.js' });
    expect(script.headers['content-type']).toContain('text/html');
    expect(script.body).not.toContain('Demo wallet');
  });
});

describe('demo wallet in demo mode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { DEMO_WALLET_PRIVATE_KEY: testAccounts.user.privateKey },
      deps: { webDist },
    });
  });
  afterAll(() => t.close());

  it('injects the wallet script into the SPA and serves it, announced as Demo wallet (not MetaMask)', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/wallets/view/1' });
    expect(page.body).toContain('<head><script defer src="/demo/wallet.js"></script><title>');
    const script = await t.app.inject({ method: 'GET', url: '/demo/wallet.js' });
    expect(script.headers['content-type']).toContain('text/javascript');
    expect(script.body).toContain('"name":"Demo wallet"');
    expect(script.body).toContain('isMetaMask: false');
  });

  it('connects and signs with the demo account', async () => {
    const before = await t.request({
      method: 'POST',
      url: '/api/demo/wallet',
      payload: { method: 'eth_accounts' },
    });
    expect(before.json()).toEqual({ result: [] });
    const connect = await t.request({
      method: 'POST',
      url: '/api/demo/wallet',
      payload: { method: 'eth_requestAccounts' },
    });
    expect(connect.json()).toEqual({ result: [testAccounts.user.address] });
    const chainId = await t.request({
      method: 'POST',
      url: '/api/demo/wallet',
      payload: { method: 'eth_chainId' },
    });
    expect(chainId.json()).toEqual({ result: '0x89' });
  });

  it("answers the page's first wallet call before the app has asked for the CSRF cookie", async () => {
    // The page's script, run against the app: a cookie jar for document.cookie, fetch as the browser's.
    const cookies = new Map<string, string>();
    const cookieJar = () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const sent: string[] = [];
    const page = { window: {} as Record<string, unknown>, document: {} };
    Object.defineProperty(page.document, 'cookie', { get: cookieJar });
    const fetch = async (
      url: string,
      init: { method?: string; headers?: Record<string, string>; body?: string } = {},
    ) => {
      sent.push(`${init.method ?? 'GET'} ${url}`);
      const answer = await t.app.inject({
        method: (init.method ?? 'GET') as 'GET' | 'POST',
        url,
        headers: { ...init.headers, cookie: cookieJar() },
        payload: init.body,
      });
      for (const cookie of answer.cookies) cookies.set(cookie.name, cookie.value);
      return { ok: answer.statusCode < 400, json: async () => answer.json() };
    };
    runInNewContext(demoWalletBridgeScript, { ...page, fetch });
    const request = page.window.__tidewatchWalletRequest as (method: string) => Promise<unknown>;
    expect(await request('eth_chainId')).toEqual({ result: '0x89' });
    expect(await request('eth_chainId')).toEqual({ result: '0x89' });
    expect(sent).toEqual(['GET /api/internal/csrf_cookie', 'POST /api/demo/wallet', 'POST /api/demo/wallet']);
  });

  it('refuses a call without the CSRF header', async () => {
    const call = await t.app.inject({
      method: 'POST',
      url: '/api/demo/wallet',
      payload: { method: 'eth_chainId' },
    });
    expect(call.statusCode).toBe(403);
  });
});

describe('demo mode outside loopback', () => {
  const key = testAccounts.user.privateKey;

  it.each(['0.0.0.0', '::', '192.168.1.10', 'tidewatch.example'])('refuses HOST %s in one line', (host) => {
    expect(() => parseConfig({ DEMO_WALLET_PRIVATE_KEY: key, HOST: host })).toThrowError(
      /^Invalid configuration: DEMO_WALLET_PRIVATE_KEY \(demo mode\) needs HOST to be a loopback address[^\n]*$/,
    );
  });

  it.each(['127.0.0.1', '127.8.0.2', '::1', '[::1]', 'localhost'])('accepts HOST %s', (host) => {
    expect(parseConfig({ DEMO_WALLET_PRIVATE_KEY: key, HOST: host }).demoWalletPrivateKey).toBe(key);
  });

  it('leaves HOST free when demo mode is off', () => {
    expect(parseConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });
});
