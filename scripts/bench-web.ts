/**
 * `npm run bench:web`: Lighthouse with Debian's Chromium against the demo (scripts/demo.ts) on the landing
 * page, /login, the dashboard (logged in) and an imported farm's detail, each as a phone (Lighthouse's
 * default: a mid-range phone on a slow 4G link, simulated) and as a desktop (its desktop preset). Nothing
 * leaves the machine: the demo's chain, prices and app are local (decision 016).
 * Each page and form factor is run three times (`--runs N`) and the run with the median performance score
 * counts: one run on a busy machine swings by several points. Prints every run's performance score with
 * Lighthouse's benchmark index of the machine at that moment, the counted run's audits that failed, writes
 * its HTML report to .tmp/lighthouse/, and ends with one line:
 * `bench:web landing_js_gzip_kib=N perf=N a11y=N best_practices=N`, each score the minimum over every page
 * and both form factors. Exits 1 below the targets: perf 95, a11y 100, best practices 95, and over the
 * landing page's budget (scripts/first-load-size.ts).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Config, desktopConfig, type Result } from 'lighthouse';
import puppeteer, { type Browser, type Page as Tab } from 'puppeteer-core';
import { csrfHeaders } from '../e2e/support/accounts.ts';
import { type DemoProcess, startDemoProcess } from '../e2e/support/demo-process.ts';
import { getFreePort } from '../e2e/support/ports.ts';
import { isOverBudget, toKib } from './first-load-size.ts';
import { categories, pickMedianRun, readRunsOption, readScores, type Scores } from './lighthouse-runs.ts';
import { measureWebBuild } from './size-budget.ts';

const targets = { perf: 95, a11y: 100, bestPractices: 95 } as const;
/** Lighthouse runs per page and form factor; the median one counts (`--runs N` to change). */
const runsPerPage = readRunsOption(process.argv.slice(2));
const reportDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../.tmp/lighthouse');

type Page = { name: string; path: string; isLoggedIn: boolean };
const formFactors = { mobile: undefined, desktop: desktopConfig } as const satisfies Record<
  string,
  Config | undefined
>;

/** The demo user's bearer token, as the login screen gets it. */
async function logIn(demo: DemoProcess): Promise<string> {
  const response = await fetch(`${demo.url}/api/internal/auth`, {
    method: 'POST',
    headers: await csrfHeaders(demo.url),
    body: JSON.stringify(demo.login),
  });
  if (!response.ok) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

type WizardAnswer = {
  name: string;
  events: string[];
  data: Record<string, unknown> & Partial<Record<`${string}_choices`, { id: number; slug: string }[]>>;
};

/**
 * Imports the demo's WMATIC-USDC farm through the wizard's API as the wizard screen would (each step's data
 * sent back, the first price candidate of each token) and returns the farm's address.
 */
async function importDemoFarm(demo: DemoProcess, token: string): Promise<string> {
  const farm = demo.farmUrls.find((candidate) => candidate.key === 'wmaticUsdc');
  if (!farm) throw new Error(`the demo printed no wmaticUsdc farm:\n${demo.output()}`);
  const send = async (name: string, event: string, params: Record<string, unknown>) => {
    const response = await fetch(`${demo.url}/api/quickswap/lp_mining_farm_import_guide/next-state`, {
      method: 'POST',
      headers: { ...(await csrfHeaders(demo.url)), authorization: `Bearer ${token}` },
      body: JSON.stringify({ name, event, params }),
    });
    const body = (await response.json()) as WizardAnswer & { message?: string };
    if (!response.ok || body.name === 'ERROR')
      throw new Error(`import: ${name} --${event}--> ${body.message}`);
    return body;
  };
  let state = await send('NOT_STARTED', 'PARSE_URL', { url: farm.url });
  for (let step = 0; step < 40 && state.name !== 'completed'; step++) {
    const event = state.events[0];
    if (!event) throw new Error(`import: ${state.name} offers no event`);
    const params: Record<string, unknown> = { ...state.data };
    if (event === 'CONFIRM_TOKEN_COINMARKETCAP_DATA') {
      for (const role of ['token0', 'token1', 'reward_a', 'reward_b']) {
        const first = state.data[`${role}_choices`]?.[0];
        if (first) params[role] = { coinmarketcap_id: first.id, coinmarketcap_slug: first.slug };
      }
    }
    state = await send(state.name, event, params);
  }
  const address = state.data.farm_address;
  if (state.name !== 'completed' || typeof address !== 'string') {
    throw new Error(`import ended in ${state.name}`);
  }
  return address;
}

/**
 * One Lighthouse navigation in a fresh tab; a logged-in page gets the token before any of its scripts. A run
 * whose trace Lighthouse could not read (NO_NAVSTART and kin: it says 'run again') is run again, twice at most.
 */
async function runLighthouse(browser: Browser, url: string, token: string | null, config?: Config) {
  for (let attempt = 1; ; attempt++) {
    const result = await runLighthouseOnce(browser, url, token, config);
    const error = result.lhr.runtimeError;
    if (!error) return result;
    if (attempt === 3) throw new Error(`Lighthouse failed on ${url} three times: ${error.message}`);
    console.log(`    (${error.code}, running again)`);
  }
}

/**
 * Leaves the demo user's token in the tab's sessionStorage for the site, where the login screen leaves it: the
 * tab has been logged in before Lighthouse opens the page, as a person's has. The tab visits the site's favicon
 * for it, so no app script runs (and nothing is cached) before the measured visit. Lighthouse keeps a tab's
 * sessionStorage (it clears caches, service workers and file systems). A script injected into every
 * document instead would run before the page's first paint, a cost no visitor pays, and Lighthouse's
 * simulation multiplies it into First Contentful Paint.
 */
async function logInTab(page: Tab, url: string, token: string): Promise<void> {
  await page.goto(new URL('/favicon.ico', url).href);
  await page.evaluate(`sessionStorage.setItem('jwtToken', ${JSON.stringify(token)})`);
}

async function runLighthouseOnce(browser: Browser, url: string, token: string | null, config?: Config) {
  const page = await browser.newPage();
  try {
    if (token) await logInTab(page, url, token);
    const result = await lighthouse(
      url,
      { logLevel: 'error', output: 'html', onlyCategories: [...categories] },
      config,
      page,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    return result;
  } finally {
    await page.close();
  }
}

/** The audits of our three categories that did not pass, with what Lighthouse found. */
function listFailedAudits(lhr: Result): string[] {
  const ids = new Set(categories.flatMap((id) => lhr.categories[id]?.auditRefs.map((ref) => ref.id) ?? []));
  return [...ids]
    .map((id) => lhr.audits[id])
    .filter((audit) => audit && audit.score !== null && audit.score < 0.9)
    .filter((audit) => audit!.scoreDisplayMode === 'binary' || audit!.scoreDisplayMode === 'numeric')
    .map(
      (audit) =>
        `${audit!.id} (${audit!.score}): ${audit!.title}${audit!.displayValue ? ` — ${audit!.displayValue}` : ''}`,
    );
}

async function main(): Promise<void> {
  const landing = measureWebBuild().find((load) => load.name === 'landing');
  if (!landing) throw new Error('the build has no landing first load');
  const landingKib = toKib(landing.gzipBytes);

  const demo = await startDemoProcess({ port: await getFreePort(), timeoutMs: 300_000 });
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const token = await logIn(demo);
    const farmAddress = await importDemoFarm(demo, token);
    const pages: Page[] = [
      { name: 'landing', path: '/', isLoggedIn: false },
      { name: 'login', path: '/login', isLoggedIn: false },
      { name: 'dashboard', path: '/dashboard', isLoggedIn: true },
      { name: 'farm detail', path: `/quickswap/lp-mining/details/${farmAddress}`, isLoggedIn: true },
    ];
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    await mkdir(reportDir, { recursive: true });
    const all: Scores[] = [];
    for (const page of pages) {
      for (const [formFactor, config] of Object.entries(formFactors)) {
        const url = `${demo.url}${page.path}`;
        const reports = new Map<Result, string>();
        for (let run = 0; run < runsPerPage; run++) {
          const result = await runLighthouse(browser, url, page.isLoggedIn ? token : null, config);
          reports.set(result.lhr, result.report as string);
        }
        const runs = [...reports.keys()];
        const median = pickMedianRun(runs);
        const scores = readScores(median);
        all.push(scores);
        const file = path.join(reportDir, `${page.name.replace(/\W+/g, '-')}-${formFactor}.html`);
        await writeFile(file, reports.get(median)!);
        // Lighthouse's benchmark index of the machine at each run: how fast it was then (higher is faster).
        const perRun = runs
          .map((lhr) => `${readScores(lhr).performance} (host ${Math.round(lhr.environment.benchmarkIndex)})`)
          .join(', ');
        console.log(
          `${page.name.padEnd(12)} ${formFactor.padEnd(8)} perf=${scores.performance} a11y=${scores.accessibility} best_practices=${scores['best-practices']}  runs: ${perRun}  (${path.relative(process.cwd(), file)})`,
        );
        for (const line of listFailedAudits(median)) console.log(`    ${line}`);
      }
    }
    await browser.disconnect();
    const min = (id: keyof Scores) => Math.min(...all.map((scores) => scores[id]));
    const summary = {
      perf: min('performance'),
      a11y: min('accessibility'),
      bestPractices: min('best-practices'),
    };
    console.log(
      `bench:web landing_js_gzip_kib=${landingKib.toFixed(1)} perf=${summary.perf} a11y=${summary.a11y} best_practices=${summary.bestPractices}`,
    );
    const isMet =
      summary.perf >= targets.perf &&
      summary.a11y >= targets.a11y &&
      summary.bestPractices >= targets.bestPractices &&
      !isOverBudget(landing);
    if (!isMet) process.exitCode = 1;
  } finally {
    chrome.kill();
    await demo.interrupt().catch(() => demo.kill());
  }
}

await main();
