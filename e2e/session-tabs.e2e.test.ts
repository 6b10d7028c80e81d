import { startAnvil } from '@tidewatch/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConfirmedAccount, logInThroughUi } from './support/accounts.ts';
import { type AppServer, startAppServer } from './support/app-server.ts';
import { type Browser, followNavLink, launchBrowser } from './support/browser.ts';

/**
 * Issue 30, finding 8, where only a browser shows it: a second tab of a signed-in browser opens signed in
 * (the httpOnly restore cookie), a link opened while logged out comes back after login, and Back after
 * logging out leaves the app instead of looping on /login.
 */

const loginRequiredMessage = 'please login first to view this page';

describe('sessions across tabs and history', () => {
  let chain: Awaited<ReturnType<typeof startAnvil>>;
  let app: AppServer;
  let browser: Browser;
  const email = 'tabs@example.com';
  const password = 'a long passphrase for tabs';

  beforeAll(async () => {
    chain = await startAnvil();
    app = await startAppServer({ rpcUrl: chain.rpcUrl });
    browser = await launchBrowser();
    await createConfirmedAccount(app, email, password);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await chain?.stop();
  });

  it('a second page of the same browser opens signed in, with its own jwtToken', async () => {
    const { page } = browser;
    await logInThroughUi(page, app.url, email, password);
    const second = await browser.context.newPage();
    await second.goto(`${app.url}/settings/alerts`);
    await second.getByRole('heading', { name: 'alerts', exact: true, level: 1 }).waitFor();
    expect(new URL(second.url()).pathname).toBe('/settings/alerts');
    const token = await second.evaluate("sessionStorage.getItem('jwtToken')");
    expect(token).toBeTruthy();
    expect(token).not.toBe(await page.evaluate("sessionStorage.getItem('jwtToken')"));
    // The restore cookie is out of the page's reach.
    expect(await second.evaluate('document.cookie')).not.toContain('tw_restore');
    await second.close();
  });

  it('Back after logging out leaves the app instead of looping on /login', async () => {
    const { page } = browser;
    await followNavLink(browser, 'alerts');
    await page.getByRole('heading', { name: 'alerts', exact: true, level: 1 }).waitFor();
    await page.getByRole('button', { name: 'log out' }).click();
    await page.waitForURL(/\/login/);

    await page.goBack();
    await page.getByText(loginRequiredMessage).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.goBack();
    await page.waitForURL((url) => url.pathname !== '/login');
    expect(new URL(page.url()).pathname).not.toBe('/login');
  });

  it('after logout a new page starts logged out, and a linked page comes back after login', async () => {
    const page = await browser.context.newPage();
    await page.goto(`${app.url}/settings/alerts`);
    await page.getByText(loginRequiredMessage).waitFor();
    await page.getByLabel('email').fill(email);
    await page.getByLabel('password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'log in' }).click();
    await page.waitForURL(`${app.url}/settings/alerts`);
    await page.getByRole('heading', { name: 'alerts', exact: true, level: 1 }).waitFor();
    await page.close();
  });
});
