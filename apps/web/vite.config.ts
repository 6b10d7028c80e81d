import { readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { writeRoutePages } from './vite-plugins/route-pages.ts';

// The API server listens on 3000 in development; the dev server forwards API and socket traffic there so the
// SPA talks to one origin, exactly as in production where the server serves the built files itself.
const apiTarget = 'http://localhost:3000';

/**
 * Writes x.js.br and x.js.gz beside every built script and stylesheet, compressed once at their best levels;
 * the server sends them as they are (apps/server/src/core/http/spa.ts, decision 016). index.html is left alone:
 * it is tiny, and the demo rewrites it on the way out.
 */
function precompressAssets(): Plugin {
  return {
    name: 'tidewatch:precompress-assets',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      const quality = { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } };
      // zlib's async calls run on libuv's thread pool: the files compress side by side.
      const files = Object.keys(bundle).filter((fileName) => /\.(js|css)$/.test(fileName));
      await Promise.all(
        files.map(async (fileName) => {
          const content = await readFile(join(outDir, fileName));
          await writeFile(join(outDir, `${fileName}.br`), await promisify(brotliCompress)(content, quality));
          await writeFile(join(outDir, `${fileName}.gz`), await promisify(gzip)(content, { level: 9 }));
        }),
      );
    },
  };
}

/** A module of packages/shared whose file matches `names` (a regular expression's alternation). */
const sharedModule = (names: string) => new RegExp(`shared[\\\\/]src[\\\\/](${names})\\.ts$`);

const schemaModules = new Map<string, boolean>();

/** A module of packages/shared that builds zod schemas (read from its imports: a new module counts too). */
function isSharedSchemaModule(id: string): boolean {
  if (!sharedModule('[\\w-]+').test(id)) return false;
  let importsZod = schemaModules.get(id);
  if (importsZod === undefined) {
    importsZod = /from 'zod'/.test(readFileSync(id, 'utf8'));
    schemaModules.set(id, importsZod);
  }
  return importsZod;
}

/**
 * How the build cuts the app into files (decision 016). On a slow phone each file is one more request that
 * shares the link with the entry: before these groups, the dashboard's page named 20 scripts, a dozen of them
 * under 1 kB, and in Lighthouse's simulation of a phone the entry ended 0.6 s later than without ten of them.
 * - `start`: every module the entry needs at start-up, in the entry's own chunk (rolldown's `$initial` tag).
 *   By default rolldown splits out what a lazy route shares with the entry (React's JSX runtime, parts of
 *   TanStack Query) into small chunks: the landing page's first load was five scripts; now it is two.
 * - `zod`: zod, our jitless setting (src/lib/zod.ts) and the two schemas any answer may need (the error body,
 *   an address). Start-up code loads it on first use (src/lib/start-up-schemas.ts).
 * - `schemas-session`: the schemas every logged-in page reads at start (the session's, the header's alerts,
 *   the realtime channel's), three small modules in one file.
 * - one chunk per other schema module of the shared package (`schemas-farms`, `schemas-wallets`, …),
 *   without the modules it imports (which are chunks of their own): a page builds only the schemas it reads.
 * - `kit`: the small UI modules and the shared package's zod-free modules that two or more screens share
 *   (each was a chunk of its own, 100-400 bytes). Not the wallet's modules: they bring viem. Not the builders of
 *   transactions (recovery-calls, v3-action-calls): they load with the actions that use them, never in a first load.
 * - `dashboard`, `farm-detail`: the modules of the two screens a returning user opens most, each in one file.
 */
/** The shared package's transaction builders: loaded with an action, so kept out of `kit`. */
const isActionBuilder = (id: string) =>
  sharedModule('recovery-calls|v3-action-calls|v3-action-abis').test(id);

const chunkGroups = [
  { name: 'start', tags: ['$initial' as const] },
  {
    name: 'zod',
    test: (id: string) =>
      /node_modules[\\/]zod[\\/]|src[\\/]lib[\\/]zod\.ts$/.test(id) ||
      sharedModule('error-body|address').test(id),
  },
  {
    name: 'schemas-session',
    test: sharedModule('auth|alerts|realtime'),
    includeDependenciesRecursively: false,
  },
  {
    name: (id: string) => `schemas-${id.match(/([\w-]+)\.ts$/)?.[1]}`,
    test: isSharedSchemaModule,
    includeDependenciesRecursively: false,
  },
  {
    name: 'kit',
    test: (id: string) =>
      (/web[\\/]src[\\/](components|lib)[\\/]|farm-status|inline-error/.test(id) &&
        !/[\\/]lib[\\/]wallet[\\/]/.test(id)) ||
      (sharedModule('[\\w-]+').test(id) && !isSharedSchemaModule(id) && !isActionBuilder(id)),
    minShareCount: 2,
  },
  { name: 'dashboard', test: /dashboard-screen|wallet-list|manage-wallets|lp-summary/ },
  { name: 'farm-detail', test: /components[\\/]farm-detail\.tsx$|track-chooser/ },
];

export default defineConfig({
  plugins: [react(), tailwindcss(), precompressAssets(), writeRoutePages()],
  // zod, set to jitless before any schema is built (src/lib/zod.ts says why). Only the bare 'zod': the
  // module itself imports 'zod/v4'.
  resolve: {
    alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL('./src/lib/zod.ts', import.meta.url)) }],
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/socket.io': { target: apiTarget, ws: true },
    },
  },
  // The manifest lets scripts/size-budget.ts follow each route's chunk and its static imports (decision 016).
  build: {
    outDir: 'dist',
    sourcemap: true,
    manifest: true,
    rolldownOptions: { output: { codeSplitting: { groups: chunkGroups } } },
  },
  // The test projects that use this config ('web', 'web-isolated') are in the root vitest.config.ts.
  test: {
    environment: 'happy-dom',
    setupFiles: ['./src/test/setup.ts'],
  },
});
