import {
  startTelegramServer,
  startWebhookReceiver,
  type TelegramServer,
  testAccounts,
  type WebhookReceiver,
} from '@tidewatch/testkit';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Browser, followNavLink, openTool } from './support/browser.ts';
import { saveWalletThroughGuide, shortenAddress, trackFarmCard } from './support/farm-card.ts';
import { type FarmSession, startLoggedInFarmSession } from './support/farm-session.ts';
import type { FarmWorld } from './support/farm-world.ts';
import { importThroughWizard } from './support/wizard.ts';

const email = 'channels@example.com';
const password = 'tide-watch-channels-otter';
const account = testAccounts.user.address;
/** The rule the farm about to end fires, as the settings name it. */
const endingRule = "a farm's rewards end within 72 hours while the wallet has stake";
const endingText = /rewards end in \d+ hours/;

describe('alert channels in Chromium: a Telegram chat and a signed webhook get a farm about to end', () => {
  let env: FarmWorld;
  let browser: Browser;
  let telegram: TelegramServer;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    telegram = await startTelegramServer();
    receiver = await startWebhookReceiver();
    // Automatic snapshots every 5 s: the alert rules run after each. The receivers listen on loopback over
    // http, which only the test setting lets through.
    ({ env, browser } = (await startLoggedInFarmSession({
      email,
      password,
      appEnv: {
        SNAPSHOT_INTERVAL: '5s',
        TELEGRAM_BOT_TOKEN: telegram.token,
        TELEGRAM_API_URL: telegram.apiUrl,
        ALERT_CHANNELS_ALLOW_LOOPBACK: 'true',
      },
    })) as FarmSession);
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
    await telegram?.stop();
    await receiver?.stop();
  });

  it('links a Telegram chat through the deep link the page shows', async () => {
    const { page } = browser;
    await followNavLink(browser, 'alerts');
    await page.getByText('no channels yet').waitFor();
    await page.getByRole('radio', { name: 'Telegram' }).check();
    await page.getByRole('button', { name: 'link a Telegram chat' }).click();
    const link = page.getByRole('link', { name: 'open Telegram to link' });
    const href = (await link.getAttribute('href')) ?? '';
    const deepLink = new URL(href);
    expect(`${deepLink.origin}${deepLink.pathname}`).toBe(`https://t.me/${telegram.botUsername}`);
    const code = deepLink.searchParams.get('start');
    expect(code).toMatch(/^[\w-]+$/);
    await browser.checkScreen('telegram link shown');
    // The test is the Telegram user: it opens the link, and Telegram sends the bot '/start CODE'.
    const chatId = telegram.addMessage(`/start ${code}`, { username: 'ada' });
    const linked = page.getByRole('status').filter({ has: page.getByText('linked', { exact: true }) });
    await linked.waitFor({ timeout: 30_000 });
    await page.getByRole('listitem', { name: /^Telegram / }).waitFor();
    // The bot says so in the chat.
    await vi.waitFor(() => expect(telegram.sent.some((m) => m.chat_id === chatId)).toBe(true), {
      timeout: 30_000,
      interval: 250,
    });
    await linked.getByRole('button', { name: 'close' }).click();
  });

  it('adds a webhook whose secret is shown once, and sends the ending rule to both channels', async () => {
    const { page } = browser;
    await page.getByRole('radio', { name: 'webhook' }).check();
    await page.getByRole('textbox', { name: 'webhook URL (https)' }).fill(receiver.url);
    await page.getByRole('button', { name: 'add webhook' }).click();
    const notice = page.getByRole('region', { name: 'webhook signing secret' });
    const secret = await notice.getByRole('textbox', { name: 'signing secret' }).inputValue();
    expect(secret.length).toBeGreaterThanOrEqual(16);
    await expect.poll(() => notice.textContent()).toContain('Tidewatch-Signature');
    await browser.screenshot('alert-channels');
    receiver.setSecret(secret);
    await notice.getByRole('button', { name: 'I saved the secret' }).click();
    await notice.waitFor({ state: 'detached' });
    // Gone from the page: nothing in it, text or field, holds the secret any more.
    expect(await page.content()).not.toContain(secret);

    const rules = page.getByRole('form', { name: 'alert settings' });
    const telegramBox = rules.getByRole('checkbox', {
      name: new RegExp(`^${endingRule}: Telegram .+ \\(every wallet\\)$`),
    });
    const webhookBox = rules.getByRole('checkbox', {
      name: new RegExp(`^${endingRule}: webhook .+ \\(every wallet\\)$`),
    });
    await telegramBox.check();
    await webhookBox.check();
    await rules.getByRole('button', { name: 'save alert settings' }).click();
    await page.getByText('alert settings saved').waitFor();
    await browser.checkScreen('alert rules with channels');
  });

  it('delivers the farm about to end to the Telegram chat and the webhook, once each', async () => {
    const farm = env.world.farms.dualWethWmatic.address.toLowerCase();
    // Twelve days pass on the chain: the 14-day farm now ends within 72 hours; the next automatic
    // snapshot finds it.
    await env.anvil.increaseTime(12 * 86_400);
    const endingMessages = () => telegram.sent.filter((m) => endingText.test(m.text));
    const endingHooks = () =>
      receiver.received.filter((hook) => (hook.body as { rule?: string }).rule === 'ending_soon');
    await vi.waitFor(
      () => {
        expect(endingMessages()).toHaveLength(1);
        expect(endingHooks()).toHaveLength(1);
      },
      { timeout: 90_000, interval: 500 },
    );
    const [message] = endingMessages();
    expect(message!.text).toContain('/quickswap/dual-mining/details/');
    const [hook] = endingHooks();
    const body = hook!.body as { id: string; wallet: string; farm: string; url: string };
    expect(body.farm.toLowerCase()).toBe(farm);
    expect(body.wallet.toLowerCase()).toBe(account.toLowerCase());
    expect(body.url).toContain('/quickswap/dual-mining/details/');
    expect(hook!.eventId).toBe(String(body.id));
    expect(receiver.rejected).toEqual([]);

    // More automatic snapshots of the position (the rules run after each stored one) find the event again: it
    // is not delivered twice. Counted through the farm's detail, with the page's session.
    const { page } = browser;
    const token = (await page.evaluate("sessionStorage.getItem('jwtToken')")) as string;
    const snapshotsOfPosition = async () => {
      const response = await fetch(`${env.app.url}/api/quickswap/farm/details/${farm}?account=${account}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const detail = (await response.json()) as { farm_position_snapshots?: unknown[] };
      return detail.farm_position_snapshots?.length ?? 0;
    };
    // A round stores one snapshot per block: a new block for each. Two rounds: the first's rules have run and stored
    // anything they found by the time the second's snapshot is there; the bell then holds the event once.
    for (let round = 1; round <= 2; round++) {
      const before = await snapshotsOfPosition();
      await env.anvil.mine();
      await vi.waitFor(async () => expect(await snapshotsOfPosition()).toBeGreaterThan(before), {
        timeout: 60_000,
        interval: 500,
      });
    }
    // Stored once (each stored event is delivered once to each channel), and delivered once.
    const bell = await fetch(`${env.app.url}/api/notifications`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const { items } = (await bell.json()) as { items: { rule: string }[] };
    expect(items.filter((n) => n.rule === 'ending_soon')).toHaveLength(1);
    expect(endingMessages()).toHaveLength(1);
    expect(endingHooks()).toHaveLength(1);

    // The channels' status lines say they delivered.
    await page.reload();
    await page
      .getByRole('listitem', { name: /^webhook / })
      .getByText(/^last delivery /)
      .waitFor();
    await page
      .getByRole('listitem', { name: /^Telegram / })
      .getByText(/^last delivery /)
      .waitFor();
  });
});
