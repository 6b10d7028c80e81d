import { defineConfig } from 'vitest/config';

// At phone size (E2E_VIEWPORT=phone, the test script's second run) every journey but the keyboard one runs
// again: that one checks the phone menu at 375 px itself.
const isPhone = process.env.E2E_VIEWPORT === 'phone';

// Journeys share one machine with the app, the chain and Chromium: run them one file at a time.
export default defineConfig({
  test: {
    include: ['**/*.e2e.test.ts'],
    exclude: ['**/node_modules/**', ...(isPhone ? ['**/keyboard.e2e.test.ts'] : [])],
    setupFiles: ['support/setup.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
    reporters: ['default'],
  },
});
