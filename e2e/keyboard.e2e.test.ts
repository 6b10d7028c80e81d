import { createTestWalletBridge, installTestWallet, testAccounts } from '@tidewatch/testkit';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findConfirmationLink } from './support/accounts.ts';
import { type Browser, followNavLink, launchBrowser, openTool } from './support/browser.ts';
import { shortenAddress } from './support/farm-card.ts';
import { type FarmWorld, startFarmWorld } from './support/farm-world.ts';
import {
  activateWithEnter,
  expectVisibleFocus,
  isFocused,
  readFocus,
  tabTo,
  typeInto,
} from './support/keyboard.ts';

const email = 'keys@example.com';
const password = 'tide-watch-keyboard-horse';
const account = testAccounts.user.address;
const short = shortenAddress(account);

/**
 * The wizard from the URL field to 'completed' with Tab, arrows, Space and Enter: each price-data group gets
 * the candidate whose symbol is the world's own, MYST is named in the token form.
 */
async function importWithKeyboard(page: Page, browser: Browser, url: string, symbols: readonly string[]) {
  const wizard = page.getByRole('region', { name: /import wizard$/ });
  await typeInto(page, wizard.getByLabel('farm URL'), url);
  // Typed (not pasted), the URL is sent once typing pauses; the wizard then offers to go on.
  await activateWithEnter(page, wizard.getByRole('button', { name: 'continue import' }));
  const done = wizard.getByText(/^import \S+-\S+ completed!$/);
  const confirm = wizard.getByRole('button', { name: 'confirm price data' });
  const tokenForm = wizard.getByRole('form', { name: 'name the token' });
  for (let guard = 0; guard < 12; guard += 1) {
    await done.or(confirm).or(tokenForm).first().waitFor({ timeout: 30_000 });
    if (await done.isVisible()) return;
    // A step that replaces the control that had focus keeps focus in the wizard, so Tab goes on from there.
    expect(await wizard.evaluate((element) => element.contains(element.ownerDocument.activeElement))).toBe(
      true,
    );
    if (await tokenForm.isVisible()) {
      await typeInto(page, tokenForm.getByLabel('name'), 'Mystery Token');
      await typeInto(page, tokenForm.getByLabel('symbol'), 'MYST', { maxPresses: 1 });
      await page.keyboard.press('Enter');
      await tokenForm.waitFor({ state: 'detached', timeout: 15_000 });
      continue;
    }
    for (const group of await wizard.getByRole('group').all()) {
      const radios = group.getByRole('radio');
      const count = await radios.count();
      if (count === 0) continue;
      const labels = await group.locator('label').allTextContents();
      const pick = Math.max(
        0,
        labels.findIndex((label) => symbols.some((symbol) => label.includes(`(${symbol})`))),
      );
      // Tab enters the group on its first radio; Space checks it, each arrow press moves and checks.
      await tabTo(page, radios.first());
      await page.keyboard.press('Space');
      for (let step = 0; step < pick; step += 1) await page.keyboard.press('ArrowDown');
      expect(await radios.nth(pick).isChecked()).toBe(true);
    }
    await browser.checkScreen('wizard: price data chosen by keyboard');
    await activateWithEnter(page, confirm);
    await confirm.waitFor({ state: 'detached', timeout: 15_000 });
  }
  throw new Error('the wizard did not complete');
}

describe('the keyboard alone: sign up, log in, connect, import both kinds, track, dialogs', () => {
  let env: FarmWorld;
  let browser: Browser;

  beforeAll(async () => {
    env = await startFarmWorld();
    browser = await launchBrowser();
    const bridge = createTestWalletBridge({
      rpcUrl: env.anvil.rpcUrl,
      privateKey: testAccounts.user.privateKey,
    });
    await installTestWallet(browser.context, bridge);
  });

  afterAll(async () => {
    await browser?.close();
    await env?.stop();
  });

  it('signs up and logs in, the fields in reading order and the focus always visible', async () => {
    const { page } = browser;
    await page.goto(`${env.app.url}/signup`);
    const form = page.getByRole('main');
    await typeInto(page, form.getByLabel('email'), email);
    // The very next stop after the e-mail is the password, then (past its show toggle) the button.
    await typeInto(page, form.getByLabel('password', { exact: true }), password, { maxPresses: 1 });
    await activateWithEnter(page, form.getByRole('button', { name: 'create account' }), { maxPresses: 2 });
    await page.getByText('click the link in the email to confirm', { exact: false }).waitFor();
    await browser.checkScreen('sign-up by keyboard: e-mail sent');

    // The e-mailed link is followed as a link is: it opens the page.
    await page.goto(await findConfirmationLink(env.app.dataDir, email));
    await page.getByText('your email address is confirmed', { exact: false }).waitFor();

    await activateWithEnter(page, page.getByRole('link', { name: 'continue to log in' }));
    await page.getByRole('button', { name: 'log in' }).waitFor();
    await typeInto(page, page.getByRole('main').getByLabel('email'), email);
    await typeInto(page, page.getByRole('main').getByLabel('password', { exact: true }), password, {
      maxPresses: 1,
    });
    // Enter in a field submits its form.
    await page.keyboard.press('Enter');
    await page.waitForURL(`${env.app.url}/dashboard`);
    await page.getByRole('heading', { name: 'dashboard' }).waitFor();
  });

  it('connects and saves the wallet through the guide', async () => {
    const { page } = browser;
    await activateWithEnter(page, page.getByRole('button', { name: 'connect MetaMask wallet' }));
    const guide = page.getByRole('region', { name: 'connect MetaMask wallet' });
    await activateWithEnter(page, guide.getByRole('button', { name: 'connect to metamask' }), {
      maxPresses: 3,
    });
    await guide.getByText(account).waitFor();
    // Each step replaces the button that was pressed; focus stays in the guide, a Tab from the next one.
    await activateWithEnter(page, guide.getByRole('button', { name: 'confirm address' }), { maxPresses: 1 });
    await activateWithEnter(page, guide.getByRole('button', { name: 'continue' }), { maxPresses: 1 });
    await guide.getByText('wallet added to your account!').waitFor();
    await browser.checkScreen('connect guide by keyboard: wallet added');
  });

  it('imports a liquidity-mining farm', async () => {
    const { page } = browser;
    // Between screens the journey clicks the header; within a screen it uses only the keyboard.
    await openTool(browser, 'lp');
    await importWithKeyboard(page, browser, env.world.farms.wmaticUsdc.url, ['WMATIC', 'USDC', 'dQUICK']);
  });

  it('imports a dual-mining farm, naming MYST in the token form', async () => {
    const { page } = browser;
    await openTool(browser, 'dual');
    await importWithKeyboard(page, browser, env.world.farms.dualMystWeth.url, ['WETH', 'dQUICK', 'WMATIC']);
  });

  it("tracks a farm; untrack's dialog keeps focus inside, Escape closes it and gives focus back", async () => {
    const { page } = browser;
    await openTool(browser, 'lp');
    await activateWithEnter(page, page.getByRole('button', { name: 'connect to metamask' }).first());
    await page.getByText(`connected address: ${short}`).waitFor();

    // WAI-ARIA tabs: one Tab stop for the list, the arrows choose.
    const tracked = page.getByRole('tab', { name: 'Tracked Farms' });
    await tabTo(page, tracked);
    await page.keyboard.press('ArrowLeft');
    const all = page.getByRole('tab', { name: 'All Quickswap Farms' });
    // The tab lives in the URL (Back restores it): the selection lands with the router's navigation.
    await expect.poll(() => all.getAttribute('aria-selected')).toBe('true');
    expect(await isFocused(all)).toBe(true);

    const card = page.getByRole('article', { name: /farm (WMATIC \/ USDC|USDC \/ WMATIC)/ });
    await activateWithEnter(page, card.getByRole('button', { name: 'track' }));
    const chooser = card.getByRole('dialog', { name: 'choose wallet to track' });
    await activateWithEnter(
      page,
      chooser.getByRole('button', { name: new RegExp(`track address ${short}`) }),
    );
    await card.getByText(`tracking with ${short}`).waitFor();

    await tabTo(page, all, { isBackwards: true });
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => tracked.getAttribute('aria-selected')).toBe('true');
    const trackedCard = page.getByRole('article', { name: /farm (WMATIC \/ USDC|USDC \/ WMATIC)/ });
    const untrack = trackedCard.getByRole('button', { name: 'untrack' });
    await activateWithEnter(page, untrack);

    const dialog = page.getByRole('dialog', { name: /^stop tracking/ });
    await dialog.waitFor();
    await browser.checkScreen('untrack dialog', { within: 'dialog[open]' });
    expect((await expectVisibleFocus(page)).isInModalDialog).toBe(true);
    // Round and round: Tab and Shift+Tab never leave the open dialog.
    for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      const stop = await expectVisibleFocus(page);
      expect(stop.isInModalDialog, `${key} moved focus to ${stop.description}`).toBe(true);
    }
    // Space toggles the dialog's checkbox.
    const deleteHistory = dialog.getByRole('checkbox');
    await tabTo(page, deleteHistory, { maxPresses: 4 });
    await page.keyboard.press('Space');
    expect(await deleteHistory.isChecked()).toBe(true);

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await isFocused(untrack), `focus went to ${(await readFocus(page))?.description}`).toBe(true);
    await trackedCard.getByText(short).first().waitFor();
  });

  it("opens the phone header's menu, Tabs into it, and Escape gives focus back to the button", async () => {
    const { page } = browser;
    await followNavLink(browser, 'dashboard');
    await page.getByRole('heading', { name: 'dashboard', level: 1 }).waitFor();
    await page.setViewportSize({ width: 375, height: 812 });
    try {
      const menu = page.getByRole('button', { name: 'menu' });
      await activateWithEnter(page, menu);
      expect(await menu.getAttribute('aria-expanded')).toBe('true');
      const nav = page.getByRole('navigation', { name: 'main' });
      await tabTo(page, nav.getByRole('link', { name: 'dashboard' }), { maxPresses: 1 });
      await browser.checkScreen('header menu open', { within: 'header' });
      await page.keyboard.press('Escape');
      expect(await menu.getAttribute('aria-expanded')).toBe('false');
      expect(await isFocused(menu)).toBe(true);
    } finally {
      await page.setViewportSize(browser.viewport);
    }
  });
});
