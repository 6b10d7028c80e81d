import { type SmtpTestServer, testAccounts } from '@tidewatch/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, followNavLink, openTool } from './support/browser.ts';
import { saveWalletThroughGuide, shortenAddress, trackFarmCard } from './support/farm-card.ts';
import { type FarmSession, startLoggedInFarmSession } from './support/farm-session.ts';
import type { FarmWorld } from './support/farm-world.ts';
import { importThroughWizard } from './support/wizard.ts';

const email = 'alerted@example.com';
const password = 'tide-watch-alerted-horse';
const account = testAccounts.user.address;

describe('alerts in Chromium: a farm ending soon, by e-mail and in the app, and unsubscribe', () => {
  let env: FarmWorld;
  let browser: Browser;
  let smtp: SmtpTestServer;

  beforeAll(async () => {
    // Automatic snapshots every 5 s: the alert rules run after each.
    ({ env, browser, smtp } = (await startLoggedInFarmSession({
      email,
      password,
      withSmtp: true,
      appEnv: { SNAPSHOT_INTERVAL: '5s' },
    })) as Required<FarmSession>);
    const { page } = browser;
    await saveWalletThroughGuide(page, account);
    await openTool(browser, 'dual');
    await importThroughWizard(page, env.world.farms.dualWethWmatic, ['WETH', 'WMATIC', 'dQUICK']);
    await page.getByRole('button', { name: 'connect to metamask' }).first().click();
    await page.getByText(`connected address: ${shortenAddress(account)}`).waitFor();
    await page.getByRole('tab', { name: 'All Quickswap Farms' }).click();
    await trackFarmCard(
      page.getByRole('article', { name: /^farm (WETH \/ WMATIC|WMATIC \/ WETH)$/ }),
      account,
    );
  });

  afterAll(async () => {
    await browser?.close();
    await env?.stop();
    await smtp?.stop();
  });

  it('e-mails and shows an alert when the farm it tracks ends within 72 hours', async () => {
    const { page } = browser;
    // Twelve days pass on the chain: the 14-day farm now ends within 72 hours; the next automatic
    // snapshot finds it.
    await env.anvil.increaseTime(12 * 86_400);
    const mail = await smtp.waitForMessage(
      (m) => m.to.includes(email) && /rewards end in/.test(m.subject),
      60_000,
    );
    expect(mail.text).toContain('/quickswap/dual-mining/details/');
    expect(mail.raw).toMatch(/^List-Unsubscribe:\s+<http/im);
    expect(mail.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/im);

    await followNavLink(browser, 'dashboard');
    const bell = page.getByRole('link', { name: /^notifications: \d+ unread$/ });
    await bell.waitFor();
    await bell.click();
    const list = page.getByRole('list', { name: 'notifications' });
    await list
      .getByText(/rewards end in \d+ hours/)
      .first()
      .waitFor();
    await browser.screenshot('notifications');
    await page.getByRole('button', { name: 'mark all read' }).click();
    await page.getByRole('link', { name: 'notifications', exact: true }).waitFor();
  });

  it('unsubscribes from that rule through the e-mail link, and the settings say so', async () => {
    const { page } = browser;
    const mail = smtp.messages.find((m) => m.to.includes(email) && /rewards end in/.test(m.subject))!;
    const link = mail.text.match(/rewards end within 72 hours[^:]*: (http\S+)/)?.[1];
    expect(link).toBeTruthy();
    await page.goto(link!);
    await page.getByRole('button', { name: 'unsubscribe' }).waitFor();
    await browser.checkScreen('unsubscribe');
    await page.getByRole('button', { name: 'unsubscribe' }).click();
    await page.getByText('You will no longer get alert e-mails when', { exact: false }).waitFor();
    await browser.checkScreen('unsubscribed');
    // The confirmation page (served by the API, outside the app) links back to the settings.
    await page.getByRole('link', { name: 'alert settings' }).click();
    const emailBox = page.getByRole('checkbox', {
      name: /rewards end within 72 hours while the wallet has stake: e-mail \(every wallet\)/,
    });
    await emailBox.waitFor();
    expect(await emailBox.isChecked()).toBe(false);
    expect(
      await page
        .getByRole('checkbox', { name: /a dual farm is paused: e-mail \(every wallet\)/ })
        .isChecked(),
    ).toBe(true);
    await browser.screenshot('alert-settings');
  });
});
