import { defineConfig } from 'vitest/config';

// One config, one project per layer, so `vitest run --project server` can be re-run against PostgreSQL.
export default defineConfig({
  test: {
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
          environment: 'node',
          testTimeout: 60_000,
          // A suite's set-up starts a local chain and deploys QuickSwap's contracts: about 6 s alone, but it once
          // passed 60 s in CI with every other file running beside it on two cores. A hang still fails.
          hookTimeout: 120_000,
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
