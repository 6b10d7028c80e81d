import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { getPageQueryClient } from '../app/provider.tsx';
import { recordConsoleError, takeConsoleErrors } from './console-errors.ts';

// findBy* and waitFor wait up to 3 s for what a user would see, not the default 1 s: on a busy 2-core CI
// machine a screen with a real server's answer, and the header's alerts asked for after the first paint,
// took longer. A limit on waiting for the page, not a measure of its speed.
configure({ asyncUtilTimeout: 3_000 });

// The test DOM (happy-dom, or jsdom where a file asks for it) has no layout, so no scrolling; React Router's ScrollRestoration calls it on every navigation.
window.scrollTo = () => {};

// An unexpected console.error (React warnings, router errors) fails the test instead of scrolling past; a
// test that provokes one takes it with expectConsoleError (console-errors.ts).
beforeEach(() => {
  takeConsoleErrors();
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    recordConsoleError(args);
  });
});

afterEach(() => {
  cleanup();
  // Route loaders fetch into the page's query client, which outlives a test: each test starts it empty.
  getPageQueryClient().clear();
  window.sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  const consoleErrors = takeConsoleErrors();
  if (consoleErrors.length > 0) {
    throw new Error(`console.error was called:\n${consoleErrors.map((args) => args.join(' ')).join('\n')}`);
  }
});
