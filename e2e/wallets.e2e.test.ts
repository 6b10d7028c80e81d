import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { shortenAddress } from '@tidewatch/shared/format';
import {
  createTestWalletBridge,
  installTestWallet,
  startAnvil,
  type TestAccount,
  type TestWalletBridge,
  testAccounts,
} from '@tidewatch/testkit';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type AppServer, startAppServer } from './support/app-server.ts';
import { type Browser, launchBrowser } from './support/browser.ts';

const password = 'tide-watch-e2e-password';

/** Signs up through the API (CSRF cookie + header) and confirms with the token from the server's outbox. */
async function createConfirmedAccount(app: AppServer, email: string): Promise<void> {
  const headers = await csrfHeaders(app);
  const signup = await fetch(`${app.url}/api/internal/signup`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password }),
  });
  expect(signup.status).toBe(201);

  const outbox = join(app.dataDir, 'outbox');
  let link: string | undefined;
  for (let attempt = 0; attempt < 50 && !link; attempt++) {
    for (const file of await readdir(outbox).catch(() => [])) {
      const mail = await readFile(join(outbox, file), 'utf8');
      if (mail.includes(`To: ${email}`)) link = /token=([^\s&]+)/.exec(mail)?.[1];
    }
    if (!link) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!link) throw new Error(`no confirmation e-mail for ${email}`);
  const confirm = await fetch(`${app.url}/api/internal/confirm-email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ token: decodeURIComponent(link) }),
  });
  expect(confirm.status).toBe(200);
}

async function logIn(page: Page, app: AppServer, email: string): Promise<void> {
  await page.goto(`${app.url}/login`);
  await page.getByLabel('email').fill(email);
  await page.getByLabel('password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'log in' }).click();
  await page.getByRole('heading', { name: 'dashboard' }).waitFor();
}

describe('wallets: connect, sign, save, view', () => {
  let chain: Awaited<ReturnType<typeof startAnvil>>;
  let app: AppServer;
  let browser: Browser | undefined;

  async function openBrowserWithWallet(
    account: TestAccount,
  ): Promise<{ page: Page; bridge: TestWalletBridge }> {
    browser = await launchBrowser();
    const bridge = createTestWalletBridge({ rpcUrl: chain.rpcUrl, privateKey: account.privateKey });
    await installTestWallet(browser.context, bridge);
    return { page: browser.page, bridge };
  }

  beforeAll(async () => {
    chain = await startAnvil();
    app = await startAppServer({ rpcUrl: chain.rpcUrl });
    await createConfirmedAccount(app, 'ada@example.com');
    await createConfirmedAccount(app, 'grace@example.com');
  });

  afterEach(async () => {
    await browser?.close();
    browser = undefined;
  });

  afterAll(async () => {
    await app?.stop();
    await chain?.stop();
  });

  it('a rejected signature shows the spec message, then the wallet is added and listed', async () => {
    const { page, bridge } = await openBrowserWithWallet(testAccounts.user);
    const address = testAccounts.user.address;
    await logIn(page, app, 'ada@example.com');

    await page.getByRole('button', { name: 'connect MetaMask wallet' }).click();
    const guide = page.getByRole('region', { name: 'connect MetaMask wallet' });
    await guide.getByRole('button', { name: 'connect to metamask' }).click();
    await guide.getByText(address).waitFor();
    await browser?.checkScreen('connect guide, address connected');

    bridge.failNext('personal_sign', 4001);
    await guide.getByRole('button', { name: 'confirm address' }).click();
    await guide
      .getByRole('alert')
      .getByText('looks like you rejected a prompt in your metamask extension')
      .waitFor();
    await browser?.screenshot('wallets-guide-rejected');

    await guide.getByRole('button', { name: 'try again' }).click();
    await guide.getByText('adding wallet to your account...').waitFor();
    await guide.getByRole('button', { name: 'continue' }).click();
    await guide.getByText('wallet added to your account!').waitFor();

    const summary = page.getByRole('list', { name: 'wallets' });
    const shortLink = summary.getByRole('link', { name: shortenAddress(address) });
    await shortLink.waitFor();
    expect(await summary.getByRole('link', { name: 'Polygon' }).getAttribute('href')).toBe('/blockchain/137');
    await browser?.screenshot('wallets-dashboard-saved');

    await shortLink.click();
    // The screen's module may still be loading: wait for the address bar before reading the new screen.
    await page.waitForURL(/\/wallets\/view\/\d+$/);
    await page.getByRole('heading', { name: 'MetaMask wallet', exact: true }).waitFor();
    // The heading can render before the detail's body: wait for the address itself.
    await page.getByText(address, { exact: true }).waitFor();
    await browser?.screenshot('wallets-view');
  });

  it("a second account cannot open the first one's wallet", async () => {
    const ada = await fetch(`${app.url}/api/internal/auth`, {
      method: 'POST',
      headers: await csrfHeaders(app),
      body: JSON.stringify({ email: 'ada@example.com', password }),
    });
    const { token } = (await ada.json()) as { token: string };
    const list = await fetch(`${app.url}/api/wallets/connected`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const { wallets } = (await list.json()) as { wallets: Array<{ id: number }> };
    const adaWalletId = wallets[0]?.id;
    expect(adaWalletId).toBeTypeOf('number');

    const { page } = await openBrowserWithWallet(testAccounts.idle);
    await logIn(page, app, 'grace@example.com');
    browser?.expectApiFailure('GET', `/api/wallets/details/${adaWalletId}`, 404);
    await page.goto(`${app.url}/wallets/view/${adaWalletId}`);
    await page.getByText('wallet not found').waitFor();
    expect(await page.getByText(testAccounts.user.address).count()).toBe(0);
    await browser?.screenshot('wallets-not-found');
  });

  it('create-address sign-up with the wallet lands on the dashboard with that wallet listed, and the wallet logs back in', async () => {
    const { page } = await openBrowserWithWallet(testAccounts.deployer);
    const address = testAccounts.deployer.address;
    await page.goto(`${app.url}/signup/create-address`);
    await page.getByRole('button', { name: 'connect to metamask' }).click();
    await page.getByText(address, { exact: true }).waitFor();
    await browser?.checkScreen('create-address sign-up, connected');
    await page.getByRole('button', { name: 'sign message and create account' }).click();

    await page.getByRole('heading', { name: 'dashboard' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    await page
      .getByRole('list', { name: 'wallets' })
      .getByRole('link', { name: shortenAddress(address) })
      .waitFor();
    await browser?.screenshot('wallets-create-address-dashboard');

    // An account made from a wallet has no password: it comes back by signing (issue 30, finding 7).
    await page.getByRole('button', { name: 'log out' }).first().click();
    // Logging out ends on /login; a navigation of its own before then cut the logout short (a bell request
    // answered 401 between the revoke and the page's own move).
    await page.waitForURL(/\/login/);
    const walletLogIn = page.getByRole('region', { name: 'log in with wallet' });
    if (!(await walletLogIn.getByText(address, { exact: true }).isVisible())) {
      await walletLogIn.getByRole('button', { name: 'connect to metamask' }).click();
    }
    await walletLogIn.getByText(address, { exact: true }).waitFor();
    await walletLogIn.getByRole('button', { name: 'sign with wallet' }).click();
    await page.getByRole('heading', { name: 'dashboard' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard');
  });
});

async function csrfHeaders(app: AppServer): Promise<Record<string, string>> {
  const csrf = await fetch(`${app.url}/api/internal/csrf_cookie`);
  const cookie = csrf.headers.getSetCookie().find((line) => line.startsWith('csrftoken='));
  const token = decodeURIComponent(cookie?.split(';')[0]?.slice('csrftoken='.length) ?? '');
  return { 'content-type': 'application/json', cookie: `csrftoken=${token}`, 'x-csrftoken': token };
}
