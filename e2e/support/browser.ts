import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { repoRoot } from './app-server.ts';

export const artifactsDir = join(repoRoot, 'e2e', 'artifacts');

export type Browser = {
  context: BrowserContext;
  page: Page;
  /**
   * Saves a PNG under e2e/artifacts (docs/screenshots holds copies of some): the full page, or only the
   * viewport with `{ isFullPage: false }` (a fixed size that reads well in the README).
   */
  screenshot: (name: string, options?: { isFullPage?: boolean }) => Promise<string>;
  close: () => Promise<void>;
};

export type LaunchBrowserOptions = {
  /** Defaults to 1280x900. */
  viewport?: { width: number; height: number };
};

/**
 * Launches Debian's Chromium through playwright-core with a throw-away profile. The flags keep Chromium from
 * reaching out to the network (this machine has none beyond the package registries).
 */
export async function launchBrowser(options: LaunchBrowserOptions = {}): Promise<Browser> {
  const profileDir = await mkdtemp(join(tmpdir(), 'tidewatch-chromium-'));
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    viewport: options.viewport ?? { width: 1280, height: 900 },
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  return {
    context,
    page,
    screenshot: async (name, screenshotOptions) => {
      await mkdir(artifactsDir, { recursive: true });
      const path = join(artifactsDir, `${name}.png`);
      await page.screenshot({ path, fullPage: screenshotOptions?.isFullPage ?? true });
      return path;
    },
    close: async () => {
      await context.close();
      await rm(profileDir, { recursive: true, force: true });
    },
  };
}
