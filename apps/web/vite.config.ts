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
 * the server sends them as they are (apps/server/src/http/spa.ts, decision 016). index.html is left alone:
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

/**
 * Every module the entry needs at start-up goes in one chunk, the entry's own (rolldown's `$initial` tag:
 * statically imported by the entry, directly or not). By default rolldown splits out whatever a lazy route
 * shares with the entry (React's JSX runtime, parts of TanStack Query) into small chunks of their own: the
 * landing page's first load was five scripts, each one more request before the app can start on a slow phone,
 * and their import glue cost 2 KiB. Now it is two: the entry and rolldown's runtime (decision 016).
 */
const startUpChunks = [{ name: 'start', tags: ['$initial' as const] }];

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
    rolldownOptions: { output: { codeSplitting: { groups: startUpChunks } } },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'vite-plugins/**/*.test.ts'],
  },
});
