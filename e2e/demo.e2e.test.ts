import { createPublicClient, http } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logInThroughUi } from './support/accounts.ts';
import { type Browser, followNavLink, launchBrowser, openTool } from './support/browser.ts';
import {
  type DemoProcess,
  isProcessGroupAlive,
  listProcessGroup,
  startDemoProcess,
} from './support/demo-process.ts';
import {
  readFigure,
  readPositionValue,
  refreshFarmCard,
  saveWalletThroughGuide,
  shortenAddress,
  trackFarmCard,
} from './support/farm-card.ts';
import { getFreePort } from './support/ports.ts';
import { importThroughWizard } from './support/wizard.ts';

// The README's screenshots come from this journey: a fixed 1280x800 viewport, not the full page (at phone
// size, E2E_VIEWPORT=phone, 375x812: docs/screenshots keeps those as <name>-375.png beside the others).
const viewport = { width: 1280, height: 800 };
const pair = /farm (WMATIC \/ USDC|USDC \/ WMATIC)/;

/** The EIP-6963 announcements the page answers with, read in the page (a string: no bundler helpers). */
const collectAnnouncements = `new Promise((resolve) => {
  const wallets = [];
  window.addEventListener('eip6963:announceProvider', (event) => {
    const { info, provider } = event.detail;
    wallets.push({ name: info.name, rdns: info.rdns, isMetaMask: Boolean(provider.isMetaMask) });
  });
  window.dispatchEvent(new Event('eip6963:requestProvider'));
  setTimeout(() => resolve(wallets), 300);
})`;

/** The token amount of an 'earned' figure such as '0.163648 dQUICK ($7.36)'. */
const earnedAmount = (figure: string) => Number(/^[\d.]+/.exec(figure)?.[0] ?? Number.NaN);

async function isAnswering(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(2_000) });
    return true;
  } catch {
    return false;
  }
}

describe('npm run demo, started as a person starts it', () => {
  let demo: DemoProcess;
  let browser: Browser;

  beforeAll(async () => {
    const startedAt = Date.now();
    demo = await startDemoProcess({ port: await getFreePort() });
    console.log(`demo ready in ${Date.now() - startedAt} ms at ${demo.url}`);
    browser = await launchBrowser({ viewport });
  });

  afterAll(async () => {
    await browser?.close();
    demo?.kill();
  });

  it('prints a URL that serves the app with the demo wallet, a login, the chain and farm URLs', async () => {
    expect(demo.login.email).toMatch(/^\S+@\S+$/);
    expect(demo.login.password.length).toBeGreaterThanOrEqual(8);
    expect(demo.farmUrls.some((farm) => farm.kind === 'lp')).toBe(true);
    expect(demo.farmUrls.some((farm) => farm.kind === 'dual')).toBe(true);
    const html = await (await fetch(demo.url)).text();
    expect(html).toContain('<script defer src="/demo/wallet.js"></script>');
    const chain = createPublicClient({ transport: http(demo.rpcUrl) });
    expect(await chain.getChainId()).toBe(137);
  });

  it('shows the landing screen and logs in with the printed e-mail and password', async () => {
    const { page } = browser;
    await page.goto(demo.url);
    await page.getByRole('heading', { name: 'sign up now for the waitlist' }).waitFor();
    await browser.screenshot('demo-landing', { isFullPage: false });
    await logInThroughUi(page, demo.url, demo.login.email, demo.login.password);
  });

  it("connects the 'Demo wallet' through 'connect to metamask', signs, and saves it to the account", async () => {
    const { page } = browser;
    expect(await page.evaluate(collectAnnouncements)).toEqual([
      { name: 'Demo wallet', rdns: 'app.tidewatch.demo-wallet', isMetaMask: false },
    ]);
    await saveWalletThroughGuide(page, demo.walletAddress);
    const wallets = page.getByRole('list', { name: 'wallets' });
    await wallets.getByRole('link', { name: shortenAddress(demo.walletAddress) }).waitFor();
  });

  it('imports the printed liquidity-mining farm URL through the wizard to completed', async () => {
    const { page } = browser;
    const farm = demo.farmUrls.find((f) => f.key === 'wmaticUsdc');
    if (!farm) throw new Error(`the demo printed no wmaticUsdc farm:\n${demo.output()}`);
    await openTool(browser, 'lp');
    const { text, priceChoices } = await importThroughWizard(page, farm, ['WMATIC', 'USDC', 'dQUICK'], {
      onPriceStep: async () => {
        await browser.screenshot('demo-wizard-price-data', { isFullPage: false });
      },
    });
    expect(priceChoices).toBe(1);
    expect(text).toMatch(/^import (WMATIC-USDC|USDC-WMATIC) completed!$/);
    await browser.screenshot('demo-wizard-completed', { isFullPage: false });
  });

  it('tracks the farm with the demo wallet, and a refresh a block later shows rewards grown', async () => {
    const { page } = browser;
    const short = shortenAddress(demo.walletAddress);
    await page.getByRole('button', { name: 'connect to metamask' }).first().click();
    await page.getByText(`connected address: ${short}`).waitFor();
    await page.getByRole('tab', { name: 'All Quickswap Farms' }).click();
    await trackFarmCard(page.getByRole('article', { name: pair }), demo.walletAddress);

    await page.getByRole('tab', { name: 'Tracked Farms' }).click();
    const card = page.getByRole('article', { name: pair });
    await refreshFarmCard(card);
    expect(await readPositionValue(card)).toMatch(/^\$[1-9][\d,]*\.\d\d$/);
    const before = earnedAmount(await readFigure(card, 'earned'));
    expect(before).toBeGreaterThan(0);

    // The demo mines a block every 5 s: wait for the next one, as a person waits before refreshing.
    const chain = createPublicClient({ transport: http(demo.rpcUrl), cacheTime: 0 });
    const seen = await chain.getBlockNumber();
    await expect.poll(() => chain.getBlockNumber(), { timeout: 15_000, interval: 500 }).toBeGreaterThan(seen);
    await refreshFarmCard(card);
    expect(earnedAmount(await readFigure(card, 'earned'))).toBeGreaterThan(before);
    // The whole screen: the wizard, the tabs and the card below them.
    await browser.screenshot('demo-lp-tool');
  });

  it('charts the position on the farm detail and lists the farm in the LP tools', async () => {
    const { page } = browser;
    await page.getByRole('article', { name: pair }).getByRole('link', { name: 'View Farm' }).click();
    await page.getByRole('img', { name: 'position value over time' }).waitFor();
    const history = page.getByRole('region', { name: 'position snapshots' });
    expect(await history.getByRole('listitem').count()).toBeGreaterThanOrEqual(2);
    await browser.screenshot('demo-farm-detail', { isFullPage: false });

    await followNavLink(browser, 'LP tools');
    const tree = page.getByRole('navigation', { name: 'LP tools' });
    await tree.getByRole('link', { name: /WMATIC \/ USDC|USDC \/ WMATIC/ }).click();
    await page.getByRole('img', { name: 'position value over time' }).waitFor();
    await browser.screenshot('demo-lp-tools', { isFullPage: false });
  });

  it('lists the saved wallet and the tracked farm with its position on the dashboard', async () => {
    const { page } = browser;
    await followNavLink(browser, 'dashboard');
    const wallets = page.getByRole('list', { name: 'wallets' });
    await wallets.getByRole('link', { name: shortenAddress(demo.walletAddress) }).waitFor();
    const tracked = page.getByRole('list', { name: 'LP Mining farms' });
    await tracked.getByRole('link', { name: /^(WMATIC \/ USDC|USDC \/ WMATIC)$/ }).waitFor();
    expect(await tracked.textContent()).toMatch(/\$[1-9][\d,]*\.\d\d/);
    await browser.screenshot('demo-dashboard', { isFullPage: false });
  });

  it('shows what the demo wallet left in an ended farm, and the steps of its recovery plan', async () => {
    const { page } = browser;
    // The demo world has one farm that ends while it is deployed, with the demo wallet's stake in it.
    await page.getByRole('button', { name: 'check ended farms' }).click();
    const left = page.getByRole('list', { name: 'left in ended farms' });
    const short = shortenAddress(demo.walletAddress);
    await left.getByRole('link', { name: `get it out of ${short}` }).click();
    await page.getByRole('heading', { name: 'get it out', level: 1 }).waitFor();
    const steps = page.getByRole('list', { name: 'steps' });
    await steps.getByRole('listitem').first().getByText('exit()').waitFor();
    expect(await steps.getByRole('listitem').count()).toBeGreaterThanOrEqual(2);
    await browser.screenshot('demo-recovery-plan', { isFullPage: false });
  });

  it("shows the demo wallet's QuickSwap V3 positions in the V3 positions tool", async () => {
    const { page } = browser;
    await followNavLink(browser, 'V3 positions tool');
    await page.getByRole('heading', { name: 'V3 positions tool', level: 1 }).waitFor();
    await page.getByRole('tab', { name: 'All positions' }).click();
    const list = page.getByRole('region', { name: 'position list' });
    // The demo world mints four positions for the demo wallet: below, inside and above range, and one farmed.
    await list
      .getByRole('article', { name: /^position #\d+ / })
      .first()
      .waitFor();
    expect(await list.getByRole('article', { name: /^position #\d+ / }).count()).toBe(4);
    await browser.screenshot('demo-v3-positions', { isFullPage: false });
  });

  it('Ctrl-C stops the demo and everything it started', async () => {
    // The page leaves first: its live updates would otherwise fail against the stopped server.
    await browser.page.goto('about:blank');
    const stoppedAt = Date.now();
    expect(await demo.interrupt()).toEqual({ code: 0, signal: null });
    console.log(`demo stopped in ${Date.now() - stoppedAt} ms`);
    expect(await isAnswering(`${demo.url}/api/health`)).toBe(false);
    expect(await isAnswering(demo.rpcUrl)).toBe(false);
    // Anvil and the app server were started by the demo inside its process group: none may be left (a
    // helper such as tsx's esbuild service gets a moment to notice its parent is gone).
    const deadline = Date.now() + 5_000;
    while (isProcessGroupAlive(demo.pid) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(isProcessGroupAlive(demo.pid), listProcessGroup(demo.pid)).toBe(false);
  });
});
