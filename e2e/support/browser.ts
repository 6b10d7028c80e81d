import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FarmKind } from '@tidewatch/shared/farm-kinds';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { repoRoot } from './app-server.ts';
import { watchJourney } from './journey-watch.ts';
import { findAccessibilityViolations, findHorizontalOverflow } from './screen-checks.ts';

const artifactsDir = join(repoRoot, 'e2e', 'artifacts');

const viewports = {
  desktop: { width: 1280, height: 900 },
  phone: { width: 375, height: 812 },
} as const;

/**
 * The size the journeys run at: E2E_VIEWPORT=phone runs them 375 px wide (the e2e test script does a second
 * run so), anything unset the desktop size.
 */
const viewportName: keyof typeof viewports = (() => {
  const name = process.env.E2E_VIEWPORT ?? 'desktop';
  if (name !== 'desktop' && name !== 'phone') {
    throw new Error(`E2E_VIEWPORT is '${name}'; it can be 'desktop' (the default) or 'phone'`);
  }
  return name;
})();
const isPhoneViewport = viewportName === 'phone';

/** Where the phone-size screenshot named `name` is written: under e2e/artifacts, suffixed '-375'. */
const phoneArtifactPath = (name: string) => join(artifactsDir, `${name}-${viewports.phone.width}.png`);

/** Where a screenshot named `name` is written: under e2e/artifacts, suffixed '-375' at phone size. */
export const artifactPath = (name: string) =>
  isPhoneViewport ? phoneArtifactPath(name) : join(artifactsDir, `${name}.png`);

/** Resolves after the browser has laid out and painted the page at its current size (two frames). */
const afterLayout =
  'new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(null))))';

type ScreenshotOptions = {
  /** The full page (default) or only the viewport (a fixed size that reads well in the README). */
  isFullPage?: boolean;
  /** Run the screen checks first (default); off for a picture of a failure. */
  shouldCheckScreen?: boolean;
};

export type Browser = {
  context: BrowserContext;
  page: Page;
  /** 'phone' when the journeys run 375 px wide. */
  viewportName: keyof typeof viewports;
  /** The size the browser was launched at. */
  viewport: { width: number; height: number };
  /**
   * Checks the screen the journey is on: no serious or critical axe-core violation (in `within`, a
   * selector such as an open dialog's, when given) and, at phone size, no horizontal scrolling. Throws a
   * message naming each problem and the elements.
   */
  checkScreen: (label: string, options?: { within?: string }) => Promise<void>;
  /**
   * Checks the screen (see checkScreen), then saves a PNG under e2e/artifacts (docs/screenshots holds
   * copies of some): the full page, or only the viewport with `{ isFullPage: false }`.
   */
  screenshot: (name: string, options?: ScreenshotOptions) => Promise<string>;
  /**
   * Declares an API answer the journey provokes on purpose (method, the path or a pattern for it, the
   * status). Any other /api answer of 400 and above fails the journey, as do uncaught page errors and
   * requests that fail outright.
   */
  expectApiFailure: (method: string, path: string | RegExp, status: number) => void;
  /** Declares a console error the journey provokes on purpose; any other fails the journey. */
  expectConsoleError: (pattern: RegExp) => void;
  /** Throws, listing them, if anything went wrong since the last check that the journey did not expect. */
  assertClean: () => Promise<void>;
  close: () => Promise<void>;
};

export type LaunchBrowserOptions = {
  /** The desktop size; defaults to 1280x900. E2E_VIEWPORT=phone overrides it. */
  viewport?: { width: number; height: number };
};

/** Browsers launched and not yet closed: the setup file checks each after every test. */
const openBrowsers = new Set<Browser>();

/** The screens (label, and the part checked) whose phone layout this process has checked (checkScreen). */
const screensCheckedAtPhoneSize = new Set<string>();

/** Checks every open browser (see Browser.assertClean); called after each test by the setup file. */
export async function assertOpenBrowsersClean(): Promise<void> {
  for (const browser of openBrowsers) await browser.assertClean();
}

/**
 * Runs the screen checks (see Browser.checkScreen) of the browser that `page` belongs to: for helpers that
 * walk a screen with only its page in hand (the wizard, a farm card).
 */
export async function checkScreenOfPage(
  page: Page,
  label: string,
  options?: { within?: string },
): Promise<void> {
  const browser = [...openBrowsers].find((open) => open.page === page);
  if (!browser) throw new Error(`no open browser shows ${page.url()}: launch it with launchBrowser`);
  await browser.checkScreen(label, options);
}

/**
 * Follows a link of the header (its navigation, 'alerts', 'account'): on a phone, through the 'menu' button
 * they fold behind.
 */
export async function followNavLink(browser: Browser, name: string): Promise<void> {
  const { page } = browser;
  if (isPhoneViewport) {
    await page.getByRole('button', { name: 'menu' }).click();
    await browser.checkScreen('header menu open');
  }
  await page.getByRole('banner').getByRole('link', { name, exact: true }).click();
}

/**
 * Each kind's link in the header, which is also its tool's heading. Written out as the spec has them, not read
 * from the app's table of kinds: a test that took its texts from the code under test could not catch a wrong one.
 */
const toolLinks = {
  lp: 'liquidity-pool tool',
  dual: 'dual-mining tool',
} as const satisfies Record<FarmKind, string>;

/** Opens a kind's tool screen from the header, as a person does, and waits for its heading. */
export async function openTool(browser: Browser, kind: FarmKind): Promise<void> {
  await followNavLink(browser, toolLinks[kind]);
  await browser.page.getByRole('heading', { name: toolLinks[kind], level: 1 }).waitFor();
}

/** Opens the wallets screen as a person does: the header's 'dashboard', then the summary's 'manage wallets'. */
export async function openWalletsScreen(browser: Browser): Promise<void> {
  await followNavLink(browser, 'dashboard');
  await browser.page.getByRole('link', { name: 'manage wallets' }).click();
  await browser.page.getByRole('form', { name: 'add a watch-only address' }).waitFor();
}

/** Saves what every open browser shows, as `failure-<name>` under e2e/artifacts, for a failed test. */
export async function screenshotOpenBrowsers(name: string): Promise<void> {
  const slug = name.replace(/[^\w-]+/g, '-').slice(0, 80);
  for (const browser of openBrowsers) {
    await browser.screenshot(`failure-${slug}`, { shouldCheckScreen: false }).catch(() => {});
  }
}

/**
 * Launches Debian's Chromium through playwright-core with a throw-away profile. The flags keep Chromium from
 * reaching out to the network (this machine has none beyond the package registries).
 */
export async function launchBrowser(options: LaunchBrowserOptions = {}): Promise<Browser> {
  const profileDir = await mkdtemp(join(tmpdir(), 'tidewatch-chromium-'));
  const viewport = isPhoneViewport ? viewports.phone : (options.viewport ?? viewports.desktop);
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    viewport,
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
  const watch = watchJourney(context);

  const assertClean = async () => {
    const offences = await watch.takeOffences();
    if (offences.length === 0) return;
    throw new Error(
      `the journey met ${offences.length} thing(s) it did not expect ` +
        `(declare a deliberate one with browser.expectApiFailure or browser.expectConsoleError):\n${offences.map((o) => `  - ${o}`).join('\n')}`,
    );
  };

  /** axe, and at phone size no horizontal scrolling: the problems of the screen as it is laid out now. */
  const findProblems = async (within: string | undefined, isPhoneSize: boolean) => {
    const problems = await findAccessibilityViolations(page, within);
    if (isPhoneSize) {
      const overflow = await findHorizontalOverflow(page);
      if (overflow) problems.push(`horizontal scrolling: ${overflow}`);
    }
    return problems;
  };

  /**
   * Lays the screen out at phone size, runs `check` there, and puts the browser back to its own size.
   * The desktop run checks each screen so (decision 034): the phone run keeps only the journeys whose layout
   * differs at that size.
   */
  const atPhoneSize = async <T>(check: () => Promise<T>): Promise<T> => {
    const ownSize = page.viewportSize() ?? viewport;
    await page.setViewportSize(viewports.phone);
    try {
      await page.evaluate(afterLayout);
      return await check();
    } finally {
      await page.setViewportSize(ownSize);
      await page.evaluate(afterLayout);
    }
  };
  /** Whether the page is wider than a phone now (a journey may have made it phone-sized itself). */
  const isWiderThanPhone = () => (page.viewportSize()?.width ?? viewport.width) > viewports.phone.width;

  /** Throws the problems found, named by the screen, the page and the width they were found at. */
  const reportProblems = (label: string, problems: string[]) => {
    if (problems.length > 0) {
      throw new Error(`screen '${label}' (${page.url()}, ${viewportName}):\n${problems.join('\n')}`);
    }
  };
  /**
   * The problems of the phone layout, the first time this process meets the screen (decision 037): the layout of
   * a screen at 375 px is the same each time a journey passes it, with other figures in it, and laying the page
   * out again for each pass was half of some journeys' time. Called while the page is at phone size.
   */
  const findPhoneProblemsOnce = async (label: string, within: string | undefined) => {
    const key = `${label}\n${within ?? ''}`;
    if (screensCheckedAtPhoneSize.has(key)) return [];
    screensCheckedAtPhoneSize.add(key);
    const problems = await findProblems(within, true);
    return problems.map((problem) => `at ${viewports.phone.width} px: ${problem}`);
  };

  const checkScreen: Browser['checkScreen'] = async (label, checkOptions) => {
    const within = checkOptions?.within;
    const problems = await findProblems(within, !isWiderThanPhone());
    // A screen a journey shows at phone size itself (phone-polish, the keyboard's menu) is checked there alone.
    if (isWiderThanPhone() && !screensCheckedAtPhoneSize.has(`${label}\n${within ?? ''}`)) {
      problems.push(...(await atPhoneSize(() => findPhoneProblemsOnce(label, within))));
    }
    reportProblems(label, problems);
  };

  const browser: Browser = {
    context,
    page,
    viewportName,
    viewport,
    checkScreen,
    screenshot: async (name, screenshotOptions) => {
      const isChecked = screenshotOptions?.shouldCheckScreen ?? true;
      if (isChecked) reportProblems(name, await findProblems(undefined, !isWiderThanPhone()));
      await mkdir(artifactsDir, { recursive: true });
      const path = artifactPath(name);
      const fullPage = screenshotOptions?.isFullPage ?? true;
      await page.screenshot({ path, fullPage });
      if (isWiderThanPhone()) {
        // One trip to phone size for both its check and its picture.
        const atPhone = await atPhoneSize(async () => {
          const problems = isChecked ? await findPhoneProblemsOnce(name, undefined) : [];
          await page.screenshot({ path: phoneArtifactPath(name), fullPage });
          return problems;
        });
        reportProblems(name, atPhone);
      }
      return path;
    },
    expectApiFailure: watch.expect,
    expectConsoleError: watch.expectConsoleError,
    assertClean,
    close: async () => {
      openBrowsers.delete(browser);
      await context.close();
      await rm(profileDir, { recursive: true, force: true });
      await assertClean();
    },
  };
  openBrowsers.add(browser);
  return browser;
}
