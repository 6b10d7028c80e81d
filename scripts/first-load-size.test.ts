import { describe, expect, it } from 'vitest';
import {
  firstLoadBudgets,
  formatFirstLoads,
  getGzipSize,
  getIndexHtmlScripts,
  isOverBudget,
  type Manifest,
  measureFirstLoads,
} from './first-load-size.ts';

// A build shaped like ours: the entry shares React with the routes, the farm route pulls charts statically
// and the wallet library dynamically, and index.html carries a stylesheet that is not JavaScript.
const manifest: Manifest = {
  'index.html': { file: 'assets/index.js', src: 'index.html', isEntry: true, imports: ['_react.js'] },
  '_react.js': { file: 'assets/react.js' },
  '_charts.js': { file: 'assets/charts.js', imports: ['_react.js'] },
  'src/app/routes/farm-tools.tsx': {
    file: 'assets/farm-tools.js',
    src: 'src/app/routes/farm-tools.tsx',
    isDynamicEntry: true,
    imports: ['index.html', '_react.js', '_charts.js'],
    dynamicImports: ['src/lib/wallet/wallet-client.ts'],
  },
  'src/app/routes/login.tsx': {
    file: 'assets/login.js',
    src: 'src/app/routes/login.tsx',
    isDynamicEntry: true,
    imports: ['index.html'],
  },
  'src/lib/wallet/wallet-client.ts': {
    file: 'assets/wallet-client.js',
    src: 'src/lib/wallet/wallet-client.ts',
    isDynamicEntry: true,
  },
};
const indexHtml = `<!doctype html><html lang="en"><head>
  <script type="module" crossorigin src="/assets/index.js"></script>
  <link rel="modulepreload" crossorigin href="/assets/react.js">
  <link rel="stylesheet" crossorigin href="/assets/index.css">
</head><body><div id="root"></div></body></html>`;
const kib = 1024;
const sizes: Record<string, number> = {
  'assets/index.js': 40 * kib,
  'assets/react.js': 60 * kib,
  'assets/charts.js': 50 * kib,
  'assets/farm-tools.js': 10 * kib,
  'assets/login.js': 2 * kib,
  'assets/wallet-client.js': 500 * kib,
};
const sizeOf = (file: string) => {
  const size = sizes[file];
  if (size === undefined) throw new Error(`no size for ${file}`);
  return size;
};

describe('measureFirstLoads', () => {
  const loads = measureFirstLoads({ manifest, indexHtml, sizeOf });
  const byName = Object.fromEntries(loads.map((load) => [load.name, load]));

  it('counts the landing page as index.html scripts and module preloads, without the stylesheet', () => {
    expect(byName.landing?.files).toEqual(['assets/index.js', 'assets/react.js']);
    expect(byName.landing?.gzipBytes).toBe(100 * kib);
  });

  it('counts a route as the entry, its chunk and their static imports, each file once', () => {
    expect(byName['route farm-tools']?.files.sort()).toEqual([
      'assets/charts.js',
      'assets/farm-tools.js',
      'assets/index.js',
      'assets/react.js',
    ]);
    expect(byName['route farm-tools']?.gzipBytes).toBe(160 * kib);
    expect(byName['route login']?.gzipBytes).toBe(102 * kib);
  });

  it('leaves out what a route imports dynamically and modules outside the routes folder', () => {
    expect(loads.map((load) => load.name)).toEqual(['landing', 'route farm-tools', 'route login']);
    expect(loads.some((load) => load.files.includes('assets/wallet-client.js'))).toBe(false);
  });

  it('passes within budget and fails one byte over it', () => {
    expect(loads.filter(isOverBudget)).toEqual([]);
    const heavy = measureFirstLoads({
      manifest,
      indexHtml,
      // The landing page's other file (react.js) is 60 KiB: the entry takes it one byte over the budget.
      sizeOf: (file) =>
        file === 'assets/index.js' ? (firstLoadBudgets.landingKib - 60) * kib + 1 : sizeOf(file),
    });
    expect(heavy.filter(isOverBudget).map((load) => load.name)).toEqual(['landing']);
    const budget = firstLoadBudgets.landingKib.toFixed(1).replace('.', '\\.');
    expect(formatFirstLoads(heavy).split('\n')[1]).toMatch(
      new RegExp(`^landing\\s+2\\s+${budget}\\s+${budget} {2}over$`),
    );
  });

  it.each(['dashboard', 'farm-detail'])('holds route %s to its own, smaller budget', (route) => {
    const key = `src/app/routes/${route}.tsx`;
    const file = `assets/${route}.js`;
    const withRoute: Manifest = {
      ...manifest,
      [key]: { file, src: key, isDynamicEntry: true, imports: ['index.html'] },
    };
    const budgetKib = firstLoadBudgets.routesKib[route] ?? firstLoadBudgets.routeKib;
    expect(budgetKib).toBeLessThan(firstLoadBudgets.routeKib);
    // The entry and React are 100 KiB: the route's chunk fills the rest of its budget, then one byte more.
    const loadWith = (routeBytes: number) =>
      measureFirstLoads({
        manifest: withRoute,
        indexHtml,
        sizeOf: (name) => (name === file ? routeBytes : sizeOf(name)),
      }).find((load) => load.name === `route ${route}`)!;
    expect(loadWith((budgetKib - 100) * kib).budgetKib).toBe(budgetKib);
    expect(isOverBudget(loadWith((budgetKib - 100) * kib))).toBe(false);
    expect(isOverBudget(loadWith((budgetKib - 100) * kib + 1))).toBe(true);
  });

  it('refuses a manifest whose chunk imports something it does not list', () => {
    const broken: Manifest = {
      ...manifest,
      '_charts.js': { file: 'assets/charts.js', imports: ['_gone.js'] },
    };
    expect(() => measureFirstLoads({ manifest: broken, indexHtml, sizeOf })).toThrow("no entry '_gone.js'");
  });
});

describe('getIndexHtmlScripts', () => {
  it('reads module scripts and preloads in document order, as dist-relative paths', () => {
    expect(getIndexHtmlScripts(indexHtml)).toEqual(['assets/index.js', 'assets/react.js']);
  });
});

describe('getGzipSize', () => {
  it('measures the compressed bytes, not the raw ones', () => {
    const repetitive = new TextEncoder().encode('export const a = 1;\n'.repeat(1000));
    expect(getGzipSize(repetitive)).toBeLessThan(repetitive.length / 20);
    expect(getGzipSize(repetitive)).toBeGreaterThan(0);
  });
});
