import {
  createTestWalletBridge,
  installTestWallet,
  type SmtpTestServer,
  startSmtpServer,
  testAccounts,
} from '@tidewatch/testkit';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, followNavLink, launchBrowser } from './support/browser.ts';
import {
  readPositionValue,
  refreshFarmCard,
  saveWalletThroughGuide,
  shortenAddress,
  trackFarmCard,
} from './support/farm-card.ts';
import { type FarmWorld, formatUsd, readPoolValue, startFarmWorld } from './support/farm-world.ts';
import { crashPageText } from './support/journey-watch.ts';
import { importThroughWizard } from './support/wizard.ts';

/*
 * A whole visit in one tab, as a person makes it: the app is loaded once, and from then on the journey only
 * clicks links and buttons (the one exception is the confirmation e-mail's link, which a person opens from
 * their mail). Every screen keeps the query cache the screens before it filled, so an answer cached under one
 * key by one screen and read in another shape by the next crashes here (issue 28). Anything the journey did
 * not ask for fails it: an uncaught page error, a console error, the routing fallback, an API answer >= 400.
 */

const email = 'one-tab@example.com';
const password = 'tide-watch-one-tab-horse';
const account = testAccounts.user.address;
const short = shortenAddress(account);

const lpPair = /farm (WMATIC \/ USDC|USDC \/ WMATIC)/;
const dualPair = /farm (WETH \/ WMATIC|WMATIC \/ WETH)/;

describe('one tab: the whole product by clicks after one page load', () => {
  let env: FarmWorld;
  let smtp: SmtpTestServer;
  let browser: Browser;
  let page: Page;
  /** The first user's dashboard totals, as they read them before a second user came (issue 42, finding 1). */
  let firstUsersPortfolio: string | null;

  /** The screen has not fallen back to 'Unexpected Application Error!'. */
  async function expectNoCrash(step: string) {
    expect(await page.getByText(crashPageText).count(), `${step}: the screen crashed`).toBe(0);
  }

  /** Follows a header link and waits for the screen's heading. */
  async function goByNav(link: string, heading: string | RegExp) {
    await followNavLink(browser, link);
    await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
    await expectNoCrash(link);
  }

  beforeAll(async () => {
    smtp = await startSmtpServer();
    env = await startFarmWorld({ env: { SMTP_URL: smtp.url } });
    browser = await launchBrowser();
    page = browser.page;
    await installTestWallet(
      browser.context,
      createTestWalletBridge({ rpcUrl: env.anvil.rpcUrl, privateKey: testAccounts.user.privateKey }),
    );
  });

  afterAll(async () => {
    await browser?.close();
    await env?.stop();
    await smtp?.stop();
  });

  /** From the login screen: the log-in form filled and sent, and the dashboard. */
  async function logIn(who: { email: string; password: string }) {
    await page.getByRole('button', { name: 'log in' }).waitFor();
    await page.getByLabel('email').fill(who.email);
    await page.getByLabel('password', { exact: true }).fill(who.password);
    await page.getByRole('button', { name: 'log in' }).click();
    await page.getByRole('heading', { name: 'dashboard', level: 1 }).waitFor();
    await expectNoCrash('dashboard');
  }

  /** From the login screen: 'create an account', the e-mailed link, then logged in on the dashboard. */
  async function signUpAndLogIn(who: { email: string; password: string }) {
    await page.getByRole('link', { name: 'create an account' }).click();
    await page.waitForURL(/\/signup$/);
    await page.getByRole('button', { name: /sign up|create/i }).waitFor();
    await page.getByLabel('email').fill(who.email);
    await page.getByLabel('password', { exact: true }).fill(who.password);
    await page.getByRole('button', { name: /sign up|create/i }).click();
    await page.getByText("We've just sent you an email", { exact: false }).waitFor();

    const mail = await smtp.waitForMessage((m) => m.to.includes(who.email), 10_000);
    const link = mail.text.match(/https?:\/\/\S+\/signup\/confirm\?token=[\w-]+/)?.[0];
    expect(link, 'the e-mail carries a confirmation link').toBeTruthy();
    // An e-mail's link is the one place a person types or pastes an address into this tab.
    await page.goto(link!);
    await page.getByText('your email address is confirmed', { exact: false }).waitFor();
    await page.getByRole('link', { name: 'continue to log in' }).click();
    await logIn(who);
  }

  it('signs up, confirms through the e-mailed link, logs in and lands on the dashboard', async () => {
    await page.goto(`${env.app.url}/`);
    await page.getByRole('heading', { name: 'sign up now for the waitlist' }).waitFor();
    await page.getByRole('link', { name: 'log in' }).click();
    await signUpAndLogIn({ email, password });
  });

  it('connects and saves the wallet through the guide on the dashboard', async () => {
    await saveWalletThroughGuide(page, account);
    await page.getByRole('list', { name: 'wallets' }).getByRole('link', { name: short }).waitFor();
  });

  it('liquidity-pool tool: imports a farm, tracks it from All Quickswap Farms, refreshes, opens the detail', async () => {
    const farm = env.world.farms.wmaticUsdc;
    await goByNav('liquidity-pool tool', 'liquidity-pool tool');
    await importThroughWizard(page, farm, ['WMATIC', 'USDC', 'dQUICK']);
    await page.getByRole('tab', { name: 'All Quickswap Farms' }).click();
    // The dashboard filled the saved wallets' cache: the chooser reads the same answer (issue 28's crash).
    await trackFarmCard(page.getByRole('article', { name: lpPair }), account);
    await expectNoCrash('track chooser');

    await page.getByRole('tab', { name: 'Tracked Farms' }).click();
    const card = page.getByRole('article', { name: lpPair });
    await refreshFarmCard(card);
    const { positionUsd } = await readPoolValue(env.world, farm, account);
    expect(await readPositionValue(card)).toBe(formatUsd(positionUsd ?? Number.NaN));

    await card.getByRole('link', { name: 'View Farm' }).click();
    await page.getByRole('img', { name: 'position value over time' }).waitFor();
    await expectNoCrash('farm detail');
  });

  it("dual-mining tool: imports a farm, opens it from the wizard and tracks it on the farm's page", async () => {
    await goByNav('dual-mining tool', 'dual-mining tool');
    await importThroughWizard(page, env.world.farms.dualWethWmatic, ['WETH', 'WMATIC', 'dQUICK']);
    // Issue 28's second path: the wizard's link to the farm, then 'track' there (the same chooser).
    await page.getByRole('link', { name: 'view the farm', exact: true }).click();
    const snapshots = page.getByRole('region', { name: 'position snapshots' });
    await snapshots.getByRole('button', { name: 'track' }).click();
    const chooser = snapshots.getByRole('dialog', { name: 'choose wallet to track' });
    await chooser.getByRole('button', { name: new RegExp(`track address ${short}`) }).click();
    await chooser.waitFor({ state: 'detached' });
    await expectNoCrash('track from the farm page');

    await goByNav('dual-mining tool', 'dual-mining tool');
    await page.getByRole('tab', { name: 'Tracked Farms' }).click();
    await refreshFarmCard(page.getByRole('article', { name: dualPair }));
    await expectNoCrash('dual-mining tracked');
  });

  it('back on the dashboard, both tracked farms are summed; the LP tools tree opens each', async () => {
    await goByNav('dashboard', 'dashboard');
    await page.getByRole('region', { name: 'portfolio' }).waitFor();
    firstUsersPortfolio = await page.getByRole('region', { name: 'portfolio' }).textContent();
    // Both tracked farms are listed in the Liquidity Provider summary, each a link to its detail.
    await page.getByText(`tracked with ${short}`).nth(1).waitFor();

    await goByNav('LP tools', /LP tools/);
    const tree = page.getByRole('navigation', { name: 'LP tools' });
    await tree.getByRole('link', { name: /WETH \/ WMATIC|WMATIC \/ WETH/ }).click();
    await page.getByRole('img', { name: 'position value over time' }).waitFor();
    await tree.getByRole('link', { name: /WMATIC \/ USDC|USDC \/ WMATIC/ }).click();
    await page.getByRole('img', { name: 'position value over time' }).waitFor();
    await expectNoCrash('LP tools');
  });

  it('the wallets screen, a blockchain page, and find my farms on the wallet', async () => {
    await goByNav('dashboard', 'dashboard');
    await page.getByRole('link', { name: 'manage wallets' }).click();
    await page.getByRole('form', { name: 'add a watch-only address' }).waitFor();
    await page.getByRole('list', { name: 'wallets' }).getByRole('link', { name: 'Polygon' }).first().click();
    await page.waitForURL(/\/blockchain\/137$/);
    await page.getByRole('list', { name: 'wallets' }).getByRole('link', { name: short }).first().click();
    await page.waitForURL(/\/wallets\/view\/\d+$/);
    const finder = page.getByRole('region', { name: 'find my farms' });
    await finder.getByRole('button', { name: 'find my farms' }).click();
    await finder.getByRole('list', { name: 'farms of this wallet' }).waitFor();
    await expect.poll(() => finder.getByText('tracked', { exact: true }).count()).toBeGreaterThanOrEqual(2);
    await expectNoCrash('find my farms');
  });

  it('alert settings, notifications, account settings, then log out', async () => {
    await goByNav('alerts', 'alerts');
    await page.getByRole('form', { name: 'alert settings' }).waitFor();
    await expectNoCrash('alert settings');

    await page.getByRole('link', { name: /^notifications/ }).click();
    await page.getByRole('heading', { name: 'notifications', level: 1 }).waitFor();
    await expectNoCrash('notifications');

    await goByNav('account', 'account');
    await page.getByRole('form', { name: 'change password' }).waitFor();
    await expectNoCrash('account settings');

    await page.getByRole('button', { name: 'log out' }).click();
    await page.waitForURL(/\/login/);
    expect(await page.evaluate("sessionStorage.getItem('jwtToken')")).toBeNull();
  });

  it("a second user on the instance sees the farm's prices read-only, may only ask, and changes nothing of the first's", async () => {
    // The first account is the instance's operator (decision 033); this one is not.
    const second = { email: 'one-tab-second@example.com', password: 'tide-watch-one-tab-second' };
    await signUpAndLogIn(second);
    // Nothing tracked yet: no totals of anyone else's.
    expect(await page.getByRole('region', { name: 'portfolio' }).count()).toBe(0);

    await goByNav('liquidity-pool tool', 'liquidity-pool tool');
    await page.getByRole('tab', { name: 'All Quickswap Farms' }).click();
    await page.getByRole('article', { name: lpPair }).getByRole('link', { name: 'View Farm' }).click();
    const prices = page.getByRole('region', { name: 'prices' });
    await prices
      .getByText('the operator of this Tidewatch chooses it for everyone', { exact: false })
      .waitFor();
    const wmatic = prices.getByRole('group', { name: 'WMATIC' });
    expect(await wmatic.getByRole('button', { name: 'save' }).count()).toBe(0);
    // Another source than the one WMATIC uses now (the import may have chosen either).
    await wmatic.locator('input[type=radio]:not(:checked)').first().check();
    await wmatic.getByRole('button', { name: 'ask the operator for this source' }).click();
    await wmatic.getByText("asked: the operator sees your request beside WMATIC's price source").waitFor();
    await expectNoCrash('ask the operator');

    // Back as the first user: their totals read as before, and the request waits beside WMATIC's source.
    await goByNav('account', 'account');
    await page.getByRole('button', { name: 'log out' }).click();
    await page.waitForURL(/\/login/);
    await logIn({ email, password });
    const portfolio = page.getByRole('region', { name: 'portfolio' });
    await portfolio.waitFor();
    expect(await portfolio.textContent()).toBe(firstUsersPortfolio);
    await goByNav('liquidity-pool tool', 'liquidity-pool tool');
    await page.getByRole('tab', { name: 'Tracked Farms' }).click();
    await page.getByRole('article', { name: lpPair }).getByRole('link', { name: 'View Farm' }).click();
    const requests = page
      .getByRole('region', { name: 'prices' })
      .getByRole('list', { name: 'requests for WMATIC' });
    await requests.getByText(`${second.email} asked for`, { exact: false }).waitFor();
    await expectNoCrash('the operator reads the request');
  });
});
