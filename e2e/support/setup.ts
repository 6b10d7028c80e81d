import { afterEach } from 'vitest';
import { assertOpenBrowsersClean, screenshotOpenBrowsers } from './browser.ts';

afterEach(async (context) => {
  if (context.task.result?.state === 'fail') await screenshotOpenBrowsers(context.task.name);
  // Every journey fails in the test where something it did not expect happened in the browser: an uncaught
  // page error, an undeclared failing API answer, a request that failed outright.
  await assertOpenBrowsersClean();
});
