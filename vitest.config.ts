import { defineConfig } from 'vitest/config';

const serverTestOptions = {
  environment: 'node',
  testTimeout: 60_000,
  // A suite's set-up starts a local chain and deploys QuickSwap's contracts: about 6 s alone, but it once
  // passed 60 s in CI with every other file running beside it on two cores. A hang still fails.
  hookTimeout: 120_000,
  // On PostgreSQL, one migrated database that each test's fresh database is copied from.
  globalSetup: 'apps/server/test/postgres-template.ts',
} as const;

// One config, one project per layer. `server` is every server test on SQLite; `server-db` is the part of it that
// opens a database (apps/server/test/; the tests beside the code in src/ never do), which `npm run test:pg`
// runs again on PostgreSQL.
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
        test: { name: 'server-db', include: ['apps/server/test/**/*.test.ts'], ...serverTestOptions },
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
        // Scale mode: real API and worker processes on PostgreSQL (npm run test:scale only).
        test: {
          name: 'scale',
          include: ['apps/server/scale/**/*.test.ts'],
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
      'apps/web/vite.config.ts',
    ],
  },
});
