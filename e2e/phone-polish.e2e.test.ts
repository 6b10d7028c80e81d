import { startAnvil } from '@tidewatch/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConfirmedAccount, logInThroughUi } from './support/accounts.ts';
import { type AppServer, startAppServer } from './support/app-server.ts';
import { type Browser, launchBrowser } from './support/browser.ts';

// Issue 30, polish at 375 px: the alert settings were five table columns in a sideways scroller (headers
// cut to 'wal' and 'eve'); a confirmation dialog stuck to the top-left corner. Always at phone size, and
// what a layout is can only be seen in a browser.
const phone = { width: 375, height: 812 };
const email = 'phone-polish@example.com';
const password = 'tide-watch-phone-polish';

describe('at 375 px: the alert settings stack, a dialog is centred', () => {
  let chain: Awaited<ReturnType<typeof startAnvil>>;
  let app: AppServer;
  let browser: Browser;

  beforeAll(async () => {
    chain = await startAnvil();
    app = await startAppServer({ rpcUrl: chain.rpcUrl });
    await createConfirmedAccount(app, email, password);
    browser = await launchBrowser({ viewport: phone });
    await logInThroughUi(browser.page, app.url, email, password);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await chain?.stop();
  });

  /** A header link; at this size the header folds its links behind 'menu' (whatever E2E_VIEWPORT says). */
  const followHeaderLink = async (name: string) => {
    await browser.page.getByRole('button', { name: 'menu' }).click();
    await browser.page.getByRole('banner').getByRole('link', { name, exact: true }).click();
  };

  /** What sticks out of the page sideways, or sits in a box that scrolls sideways. */
  const sidewaysScrollers = () =>
    browser.page.evaluate<string[]>(`[...document.querySelectorAll('main *')]
      .filter((el) => el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible')
      .map((el) => el.tagName.toLowerCase() + (el.className ? '.' + String(el.className).split(' ')[0] : ''))`);

  it('each alert rule is a stacked card with readable captions, inside the screen, no sideways scroller', async () => {
    const { page } = browser;
    const isPhone = (await page.evaluate<number>('window.innerWidth')) <= 400;
    expect(isPhone).toBe(true);
    await followHeaderLink('alerts');
    const form = page.getByRole('form', { name: 'alert settings' });
    await form.waitFor();
    const threshold = page.getByLabel(/moved by at least.*threshold \(every wallet\)/);
    await threshold.waitFor();
    expect(await sidewaysScrollers()).toEqual([]);
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(
      phone.width,
    );
    // The columns' headers are not shown; each card says 'wallet:', 'on', 'e-mail', 'threshold (%)' whole.
    for (const caption of ['wallet:', 'on', 'e-mail', 'threshold (%)']) {
      const shown = form.locator('tbody').getByText(caption, { exact: true }).first();
      expect(await shown.isVisible()).toBe(true);
      const box = (await shown.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(phone.width);
    }
    const inputBox = (await threshold.boundingBox())!;
    expect(inputBox.x + inputBox.width).toBeLessThanOrEqual(phone.width);
    // The rule's sentence sits above its controls, full width, not squeezed into a column.
    const rule = form.getByText("the position's USD value moved by at least the threshold (%) in 24 hours");
    const ruleBox = (await rule.boundingBox())!;
    expect(ruleBox.y + ruleBox.height).toBeLessThanOrEqual(inputBox.y);
    expect(ruleBox.width).toBeGreaterThan(phone.width / 2);
    await browser.checkScreen('alert settings at 375 px');
  });

  it("the 'delete your account?' dialog is centred on the screen", async () => {
    const { page } = browser;
    await followHeaderLink('account');
    await page.getByRole('button', { name: 'delete account' }).click();
    const dialog = page.getByRole('dialog', { name: 'delete your account?' });
    await dialog.waitFor();
    const box = (await dialog.boundingBox())!;
    const viewport = page.viewportSize()!;
    const left = box.x;
    const right = viewport.width - (box.x + box.width);
    const top = box.y;
    const bottom = viewport.height - (box.y + box.height);
    expect(Math.abs(left - right)).toBeLessThanOrEqual(2);
    expect(Math.abs(top - bottom)).toBeLessThanOrEqual(2);
    expect(left).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
  });
});
