import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';

let webDist: string;
let t: TestApp;
beforeEach(() => {
  webDist = mkdtempSync(join(tmpdir(), 'tidewatch-dist-'));
});
afterEach(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

/** What `npm run build` leaves: an index.html naming a hashed script. */
function writeBuild(hash: string) {
  mkdirSync(join(webDist, 'assets'), { recursive: true });
  writeFileSync(join(webDist, 'assets', `index-${hash}.js`), `console.log('${hash}')`);
  writeFileSync(
    join(webDist, 'index.html'),
    `<!doctype html><title>Tidewatch ${hash}</title><script src="/assets/index-${hash}.js"></script>`,
  );
}

describe('the SPA after a rebuild while the server runs', () => {
  it('serves files written after the app started, with the CSP, and the new index.html', async () => {
    writeBuild('old111');
    t = await createTestApp({ deps: { webDist } });
    expect((await t.app.inject({ method: 'GET', url: '/assets/index-old111.js' })).statusCode).toBe(200);

    writeBuild('new222');
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-new222.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe("console.log('new222')");
    expect(asset.headers['content-type']).toMatch(/javascript/);
    expect(String(asset.headers['content-security-policy'])).toContain("script-src 'self'");

    const page = await t.app.inject({ method: 'GET', url: '/dashboard' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('/assets/index-new222.js');
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('serves a build made after the app started without one (503 before)', async () => {
    t = await createTestApp({ deps: { webDist } });
    const before = await t.app.inject({ method: 'GET', url: '/dashboard' });
    expect(before.statusCode).toBe(503);
    expect(before.body).toContain('npm run build');

    writeBuild('late333');
    const page = await t.app.inject({ method: 'GET', url: '/dashboard' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Tidewatch late333');
    expect((await t.app.inject({ method: 'GET', url: '/assets/index-late333.js' })).body).toBe(
      "console.log('late333')",
    );
  });

  it('keeps a JSON 404 for unknown /api paths and the index.html fallback for client routes', async () => {
    writeBuild('abc444');
    t = await createTestApp({ deps: { webDist } });
    // A file in the build whose path looks like an API path is still not served as one.
    mkdirSync(join(webDist, 'api'));
    writeFileSync(join(webDist, 'api', 'secret.txt'), 'not an API');

    for (const url of ['/api/no/such/thing', '/api/secret.txt']) {
      const api = await t.app.inject({ method: 'GET', url });
      expect(api.statusCode, url).toBe(404);
      expect(api.headers['content-type']).toMatch(/application\/json/);
      expect(api.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
    for (const url of [
      '/',
      '/assets/',
      '/assets',
      '/quickswap/lp-mining/details/0xabc?x=1',
      '/wallets/view/7',
    ]) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toContain('Tidewatch abc444');
    }
    const outside = await t.app.inject({ method: 'GET', url: '/../../etc/passwd' });
    expect(outside.body).not.toContain('root:');
  });
});

describe('route pages: each path gets its screen drawn and its chunks preloaded', () => {
  /** What the web build's route-pages step leaves beside index.html (the landing page). */
  function writeRoutePages(hash: string) {
    writeBuild(hash);
    mkdirSync(join(webDist, 'pages'), { recursive: true });
    const page = (name: string, preload?: string) =>
      `<!doctype html><title>${name} ${hash}</title><script type="module" src="/assets/index-${hash}.js"></script>${
        preload ? `<link rel="modulepreload" crossorigin href="/assets/${preload}">` : ''
      }<div id="root"><div inert><h1>${name}</h1></div></div>`;
    writeFileSync(join(webDist, 'pages', 'login.html'), page('log in', `login-${hash}.js`));
    writeFileSync(join(webDist, 'pages', 'farm.html'), page('farm shell', `farm-detail-${hash}.js`));
    writeFileSync(join(webDist, 'pages', 'fallback.html'), page('bare'));
    const index = {
      pages: [
        { pattern: '/', file: 'index.html' },
        { pattern: '/login', file: 'pages/login.html' },
        { pattern: '/quickswap/lp-mining/details/:farmAddress', file: 'pages/farm.html' },
      ],
      fallback: 'pages/fallback.html',
    };
    writeFileSync(join(webDist, 'pages', 'routes.json'), JSON.stringify(index));
  }

  it("sends a route's page, naming its chunk as a module preload, with the CSP and no-cache", async () => {
    writeRoutePages('rp666');
    t = await createTestApp({ deps: { webDist } });
    for (const [url, title, chunk] of [
      ['/login', 'log in rp666', 'login-rp666.js'],
      ['/login?reason=login-required', 'log in rp666', 'login-rp666.js'],
      ['/quickswap/lp-mining/details/0xabc', 'farm shell rp666', 'farm-detail-rp666.js'],
    ] as const) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type'], url).toMatch(/text\/html/);
      expect(page.headers['cache-control'], url).toBe('no-cache');
      expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
      expect(page.body, url).toContain(`<title>${title}</title>`);
      expect(page.body, url).toContain(`<link rel="modulepreload" crossorigin href="/assets/${chunk}">`);
    }
    expect((await t.app.inject({ method: 'GET', url: '/' })).body).toContain('Tidewatch rp666');
  });

  it('sends the bare page for a path no route has, and still a JSON 404 under /api', async () => {
    writeRoutePages('rp777');
    t = await createTestApp({ deps: { webDist } });
    const unknown = await t.app.inject({ method: 'GET', url: '/no/such/screen' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toContain('<title>bare rp777</title>');
    expect(unknown.body).toContain('/assets/index-rp777.js');
    expect(unknown.body).not.toContain('modulepreload');
    expect((await t.app.inject({ method: 'GET', url: '/api/no/such/thing' })).statusCode).toBe(404);
  });

  it('picks up new route pages written while the server runs', async () => {
    writeRoutePages('old888');
    t = await createTestApp({ deps: { webDist } });
    expect((await t.app.inject({ method: 'GET', url: '/login' })).body).toContain('log in old888');
    writeRoutePages('new999');
    expect((await t.app.inject({ method: 'GET', url: '/login' })).body).toContain('log in new999');
  });
});

describe('hashed assets: compressed at build time, cached for good', () => {
  const script = "console.log('compressed555');".repeat(20);

  /** What the build's precompress step leaves beside a script. */
  function writeCompressedBuild() {
    writeBuild('zip555');
    const file = join(webDist, 'assets', 'index-zip555.js');
    writeFileSync(file, script);
    writeFileSync(`${file}.br`, brotliCompressSync(script));
    writeFileSync(`${file}.gz`, gzipSync(script));
  }

  it.each([
    ['br, gzip', 'br', (body: Buffer) => brotliDecompressSync(body)],
    ['gzip', 'gzip', (body: Buffer) => gunzipSync(body)],
    ['identity', undefined, (body: Buffer) => body],
  ] as const)('sends %s the file it accepts, as JavaScript', async (accept, encoding, decode) => {
    writeCompressedBuild();
    t = await createTestApp({ deps: { webDist } });
    const asset = await t.app.inject({
      method: 'GET',
      url: '/assets/index-zip555.js',
      headers: { 'accept-encoding': accept },
    });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-encoding']).toBe(encoding);
    expect(asset.headers['content-type']).toMatch(/javascript/);
    expect(asset.headers.vary).toMatch(/accept-encoding/i);
    expect(decode(asset.rawPayload).toString('utf8')).toBe(script);
  });

  it('lets browsers keep a hashed asset for a year without asking, and revalidate index.html every time', async () => {
    writeCompressedBuild();
    t = await createTestApp({ deps: { webDist } });
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-zip555.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/', '/dashboard', '/assets/index-gone000.js']) {
      const page = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(page.headers['cache-control'], url).toBe('no-cache');
      expect(page.headers['content-encoding'], url).toBeUndefined();
      expect(page.body, url).toContain('Tidewatch zip555');
    }
  });
});
