import { describe, expect, it } from 'vitest';
import { composePage, listOnDemandSchemas, type Manifest } from './route-pages.ts';

/** A build's manifest in miniature: an entry, two screens, two shared schema chunks on zod, socket.io. */
const manifest: Manifest = {
  'index.html': {
    file: 'assets/index-e1.js',
    isEntry: true,
    imports: ['_runtime-r1.js'],
    dynamicImports: [
      'src/app/routes/dashboard.tsx',
      'src/app/routes/farm-detail.tsx',
      '_farms-f1.js',
      '_auth-a1.js',
      '_esm-s1.js',
    ],
  },
  '_runtime-r1.js': { file: 'assets/runtime-r1.js' },
  '_zod-z1.js': { file: 'assets/zod-z1.js', name: 'zod' },
  '_farms-f1.js': { file: 'assets/farms-f1.js', name: 'farms', imports: ['_zod-z1.js'] },
  '_auth-a1.js': { file: 'assets/auth-a1.js', name: 'auth', imports: ['_zod-z1.js', '_auth-texts-t1.js'] },
  '_auth-texts-t1.js': { file: 'assets/auth-texts-t1.js', name: 'auth-texts' },
  '_esm-s1.js': { file: 'assets/esm-s1.js', name: 'esm' },
  'src/app/routes/dashboard.tsx': { file: 'assets/dashboard-d1.js', imports: ['_panels-p1.js'] },
  '_panels-p1.js': { file: 'assets/panels-p1.js' },
  'src/app/routes/farm-detail.tsx': { file: 'assets/farm-detail-fd1.js', imports: ['_zod-z1.js'] },
  'src/app/routes/login.tsx': { file: 'assets/login-l1.js' },
};
const template = [
  '<!doctype html>',
  '<html>',
  '  <head>',
  '    <script type="module" src="/assets/index-e1.js"></script>',
  '  </head>',
  '  <body><div id="root"></div></body>',
  '</html>',
  '',
].join('\n');
const inputs = { outDir: 'dist', base: '/', manifest, template };

function preloads(html: string): string[] {
  return [...html.matchAll(/<link rel="modulepreload" crossorigin href="\/([^"]+)"([^>]*)>/g)].map(
    ([, file, attributes]) => `${file}${attributes}`,
  );
}

describe('route pages', () => {
  it('lists the schema modules the entry loads on demand: on zod, not screens or other libraries', () => {
    expect(listOnDemandSchemas(manifest)).toEqual(['_farms-f1.js', '_auth-a1.js']);
  });

  it("preloads a data page's screen chunks, then zod and the on-demand schemas at low priority", () => {
    const html = composePage(inputs, '<p>loading page…</p>', 'dashboard', true);
    expect(preloads(html)).toEqual([
      'assets/dashboard-d1.js',
      'assets/panels-p1.js',
      'assets/farms-f1.js fetchpriority="low"',
      'assets/zod-z1.js fetchpriority="low"',
      'assets/auth-a1.js fetchpriority="low"',
      'assets/auth-texts-t1.js fetchpriority="low"',
    ]);
    expect(html).toContain('<div id="root"><div inert><p>loading page…</p></div></div>');
  });

  it('names a chunk once: a screen that needs zod preloads it at the screen’s priority', () => {
    const html = composePage(inputs, '<p>loading page…</p>', 'farm-detail', true);
    expect(preloads(html)).toEqual([
      'assets/farm-detail-fd1.js',
      'assets/zod-z1.js',
      'assets/farms-f1.js fetchpriority="low"',
      'assets/auth-a1.js fetchpriority="low"',
      'assets/auth-texts-t1.js fetchpriority="low"',
    ]);
  });

  it('preloads no schemas on a page drawn in full (a first visit: log in, the landing page)', () => {
    expect(preloads(composePage(inputs, '<h1>log in</h1>', 'login', false))).toEqual(['assets/login-l1.js']);
    expect(preloads(composePage(inputs, '<h1>Tidewatch</h1>', null, false))).toEqual([]);
  });
});
