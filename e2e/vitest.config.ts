import { defineConfig } from 'vitest/config';

// Two projects (decision 034). `desktop` takes every journey but phone-polish, and checks each screen at phone
// size too, the first time the process meets it (decision 037): laid out 375 px wide, axe and no sideways
// scrolling; and a '-375' screenshot beside each screenshot. `phone` (E2E_VIEWPORT=phone) drives, 375 px wide,
// the journeys whose screens are laid out differently there: the header's links folded behind 'menu', the alert
// rules as stacked cards and a centred dialog (phone-polish, which asserts each), the books' rows as stacked cards
// (books). The alerts journey no longer runs twice: phone-polish asserts its one phone layout (decision 037).
const phoneJourneys = ['phone-polish', 'books'];

export default defineConfig({
  test: {
    setupFiles: ['support/setup.ts'],
    // Two journeys at a time: each starts its own chain, app and Chromium on free ports, and a journey kept
    // about 0.6 of the two cores busy on average (most of it waits for blocks, timers and the app's answers).
    maxWorkers: 2,
    // One module graph per worker, not per file (as the unit projects, decision 034): each journey still starts
    // its own chain, app and Chromium; nothing is shared through module state. Measured on a quiet machine:
    // 378 s against ~454 s with a graph per file (docs/notes/ci-time.md).
    isolate: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
    reporters: ['default'],
    projects: [
      {
        extends: true,
        test: {
          name: 'desktop',
          include: ['**/*.e2e.test.ts'],
          exclude: ['**/node_modules/**', 'phone-polish.e2e.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'phone',
          include: phoneJourneys.map((name) => `${name}.e2e.test.ts`),
          env: { E2E_VIEWPORT: 'phone' },
        },
      },
    ],
  },
});
