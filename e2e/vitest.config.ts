import { defineConfig } from 'vitest/config';

// Journeys share one machine with the app, the chain and Chromium: run them one file at a time.
export default defineConfig({
  test: {
    include: ['**/*.e2e.test.ts'],
    exclude: ['**/node_modules/**'],
    setupFiles: ['support/setup.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
    reporters: ['default'],
  },
});
