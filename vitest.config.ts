import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import { testFilesThatReplaceModules } from './apps/web/test-isolation.ts';

const webRoot = fileURLToPath(new URL('./apps/web/', import.meta.url));
const webFilesThatReplaceModules = testFilesThatReplaceModules(webRoot);

const serverTestOptions = {
  environment: 'node',
  testTimeout: 60_000,
  // A suite's set-up starts a local chain and deploys QuickSwap's contracts: about 6 s alone, but it once
  // passed 60 s in CI with every other file running beside it on two cores. A hang still fails.
  hookTimeout: 120_000,
  // On PostgreSQL, one migrated database that each test's fresh database is copied from.
  globalSetup: 'apps/server/test/postgres-template.ts',
  // One module graph per worker, not per file: importing the server's graph (Fastify, viem, Kysely) anew for
  // each of ~130 files was half the unit stage (decision 034). Each file still builds its own app, database and
  // chain; nothing is shared through module state.
  isolate: false,
} as const;

// The server database tests the PostgreSQL pass leaves to SQLite: every block of PostgreSQL code they run there, the
// files kept run too (decision 039). POSTGRES_PASS_ALL=1 runs them all (npm run postgres-pass:select does).
const leftOutOfPostgresPass =
  process.env.POSTGRES_PASS_ALL === '1'
    ? []
    : (
        JSON.parse(
          readFileSync(new URL('./apps/server/test/postgres-pass.json', import.meta.url), 'utf8'),
        ) as {
          leftOut: string[];
        }
      ).leftOut.map((file) => `apps/server/test/${file}`);

// One config, one project per layer. `server` is every server test on SQLite; `server-db` is the part of it that
// opens a database (apps/server/test/; the tests beside the code in src/ never do), which `npm run test:pg`
// runs again on PostgreSQL, less the files apps/server/test/postgres-pass.json leaves to SQLite.
export default defineConfig({
  test: {
    // Vitest's default is one worker per core but one: a single worker on CI's two cores. Most of a test file's
    // time is waiting (on the local chain, child processes, timers, the database), so two files side by side
    // finish sooner (decision 027).
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'shared',
          include: ['packages/shared/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'testkit',
          include: ['packages/testkit/src/**/*.test.ts', 'packages/contracts/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          isolate: false,
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          ...serverTestOptions,
        },
      },
      {
        test: {
          name: 'server-db',
          include: ['apps/server/test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...leftOutOfPostgresPass],
          ...serverTestOptions,
          setupFiles: ['scripts/postgres-pass/coverage-setup.ts'],
        },
      },
      {
        // Repository scripts' pure parts (the web size budget); the scripts themselves run under tsx.
        test: {
          name: 'scripts',
          include: ['scripts/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        // The fault suite (issue 43): every source failed in turn against the app (npm run test:faults only).
        test: { name: 'faults', include: ['apps/server/faults/**/*.test.ts'], ...serverTestOptions },
      },
      {
        // Scale mode: real API and worker processes on PostgreSQL (npm run test:scale only).
        test: {
          name: 'scale',
          include: ['apps/server/scale/**/*.test.ts'],
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
      {
        // The web's tests, on its own config (plugins, aliases, happy-dom: decision 046): one module graph per worker,
        // not per file (decision 034); its setup file resets what a test leaves behind (the DOM, storage, spies).
        extends: './apps/web/vite.config.ts',
        root: webRoot,
        test: {
          name: 'web',
          isolate: false,
          include: ['src/**/*.test.{ts,tsx}', 'vite-plugins/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...webFilesThatReplaceModules],
        },
      },
      {
        // The web's files that replace a module, each with its own module graph (apps/web/test-isolation.ts).
        extends: './apps/web/vite.config.ts',
        root: webRoot,
        test: { name: 'web-isolated', include: webFilesThatReplaceModules },
      },
    ],
  },
});
