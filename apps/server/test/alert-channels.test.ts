import { join } from 'node:path';
import type { AlertChannel, AlertChannelList, CreatedAlertChannel } from '@tidewatch/shared';
import {
  type DiscordServer,
  startDiscordServer,
  startTelegramServer,
  startWebhookReceiver,
  type TelegramServer,
  type WebhookReceiver,
} from '@tidewatch/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../src/core/config.ts';
import { type AppDatabase, createDatabase } from '../src/core/db/index.ts';
import type { MailMessage } from '../src/core/mailer.ts';
import { insertNotification } from '../src/core/notifications/repository.ts';
import { enqueueDeliveries } from '../src/features/alert-channels/channels-repository.ts';
import { deliverAlertChannels } from '../src/features/alert-channels/deliver-channels.ts';
import { checkReceiverUrl } from '../src/features/alert-channels/public-address.ts';
import { pollTelegramOnce } from '../src/features/alert-channels/telegram-poller.ts';
import { deliverAlertEmails } from '../src/features/alerts/deliver.ts';
import { createConfirmedUser, createTestApp, type TestApp } from './helpers.ts';

// Issue 36: alert channels against local receivers that speak Telegram's Bot API, Discord's webhooks and a
// webhook receiver verifying Tidewatch-Signature. Time is the test's clock (deliveries, signatures, the
// receiver's replay window); ticks and polls are called directly. SQLite here, PostgreSQL in test:pg.
let t: TestApp;
let telegram: TelegramServer;
let discord: DiscordServer;
let receiver: WebhookReceiver;
let other: WebhookReceiver;
let user: { token: string; userId: number };
// Starts at the wall clock's second (sessions and routes use the real time) and only moves forward.
let clock = new Date(Math.floor(Date.now() / 1000) * 1000);
const minute = 60_000;
const at = (ms: number) => new Date(clock.getTime() + ms);

const db = () => t.database.db;
const tick = (database = t.database) =>
  deliverAlertChannels({
    db: database.db,
    config: t.config.alertChannels,
    publicUrl: t.config.publicUrl,
    now: () => clock,
  });
const poll = (owner = 'process-a') =>
  pollTelegramOnce({ db: db(), config: t.config.alertChannels, owner, now: () => clock });

async function signUp(testApp: TestApp) {
  const { token, email } = await createConfirmedUser(testApp);
  const row = await testApp.database.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return { token, userId: row.id };
}

async function addChannel(body: object, testApp = t, token = user.token) {
  return testApp.request({ method: 'POST', url: '/api/alerts/channels', token, payload: body });
}
async function created(body: object): Promise<CreatedAlertChannel> {
  const response = await addChannel(body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}
async function listChannels(): Promise<AlertChannelList> {
  return (await t.request({ method: 'GET', url: '/api/alerts/channels', token: user.token })).json();
}
async function channelOf(id: number): Promise<AlertChannel> {
  return (await listChannels()).channels.find((c) => c.id === id)!;
}

let eventCount = 0;
/** An event stored for the user as evaluate stores it, queued to `channelIds` (what evaluate does next). */
async function fireEvent(channelIds: number[], userId = user.userId, database = t.database) {
  eventCount += 1;
  const id = await insertNotification(database.db, {
    user_id: userId,
    event_key: `ending_soon:test:${eventCount}`,
    rule: 'ending_soon',
    farm_address: '0x00000000000000000000000000000000000000f1',
    wallet_address: '0x00000000000000000000000000000000000000a1',
    title: `WETH / USDC: rewards end in ${eventCount} hours`,
    body: 'Move or withdraw the stake before it earns nothing.',
    link: `${t.config.publicUrl}/quickswap/dual-mining/details/0xf1`,
    created_at: clock.toISOString(),
    email_status: 'off',
  });
  await enqueueDeliveries(database.db, userId, id!, channelIds, clock.toISOString());
  return id!;
}
const deliveriesOf = (channelId: number) =>
  db().selectFrom('alert_deliveries').selectAll().where('channel_id', '=', channelId).orderBy('id').execute();

beforeAll(async () => {
  telegram = await startTelegramServer();
  discord = await startDiscordServer();
  receiver = await startWebhookReceiver({ now: () => clock });
  other = await startWebhookReceiver({ now: () => clock });
  t = await createTestApp({
    env: {
      TELEGRAM_BOT_TOKEN: telegram.token,
      TELEGRAM_API_URL: telegram.apiUrl,
      TELEGRAM_POLL_TIMEOUT_SECONDS: '0',
      DISCORD_WEBHOOK_BASE_URL: discord.baseUrl,
      ALERT_CHANNELS_ALLOW_LOOPBACK: 'true',
      ALERT_DELIVERY_TIMEOUT_MS: '1000',
    },
  });
  user = await signUp(t);
});
afterAll(async () => {
  await t?.close();
  await Promise.all([telegram?.stop(), discord?.stop(), receiver?.stop(), other?.stop()]);
});

// Telegram first: its link codes expire on the wall clock, which the later tests move the test clock past.
describe('Telegram', () => {
  let channel: CreatedAlertChannel;

  it('offers Telegram with the bot username and a one-time deep link, the code stored only hashed', async () => {
    const list = await listChannels();
    expect(list.telegram).toEqual({ available: true, bot_username: telegram.botUsername });
    channel = await created({ kind: 'telegram' });
    expect(channel.channel.status).toBe('linking');
    const link = channel.channel.link_url!;
    expect(link).toMatch(new RegExp(`^https://t\\.me/${telegram.botUsername}\\?start=[\\w-]{24}$`));
    const code = new URL(link).searchParams.get('start')!;
    const row = await db()
      .selectFrom('alert_channels')
      .selectAll()
      .where('id', '=', channel.channel.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(code);
    // The settings page shows the same link again while it is open.
    expect((await channelOf(channel.channel.id)).link_url).toBe(link);
  });

  it('links the chat from a /start message read with getUpdates, once across processes, and confirms in the chat', async () => {
    const code = new URL(channel.channel.link_url!).searchParams.get('start')!;
    const chatId = telegram.addMessage(`/start ${code}`, { username: 'alice' });
    expect(await poll('process-a')).toEqual({ kind: 'polled', linked: 1 });
    // Another process finds the poller's lease held.
    expect(await poll('process-b')).toEqual({ kind: 'not-mine' });
    expect(telegram.sent).toEqual([
      {
        chat_id: chatId,
        text: expect.stringMatching(/^Tidewatch alerts linked/),
        disable_web_page_preview: true,
      },
    ]);
    const linked = await channelOf(channel.channel.id);
    expect(linked).toMatchObject({ status: 'active', target: '@alice', link_url: null, last_error: null });
    // The offset confirmed the update: the next poll reads nothing again.
    expect(await poll('process-a')).toEqual({ kind: 'polled', linked: 0 });
    expect(telegram.sent).toHaveLength(1);
  });

  it('sends an alert as plain text with the link', async () => {
    await fireEvent([channel.channel.id]);
    expect(await tick()).toBe(1);
    const message = telegram.sent.at(-1)!;
    expect(message.text).toMatch(
      /^WETH \/ USDC: rewards end in \d+ hours\n\n.*\n\nhttp:\/\/localhost:5173\/quickswap\//s,
    );
    expect(message.disable_web_page_preview).toBe(true);
  });

  it('answers a used or unknown code in the chat and links nothing', async () => {
    const sent = telegram.sent.length;
    telegram.addMessage('/start notARealCode123', { username: 'mallory' });
    expect(await poll('process-a')).toEqual({ kind: 'polled', linked: 0 });
    expect(telegram.sent.at(sent)!.text).toMatch(/not valid/);
  });
});

describe('webhook and Discord channels', () => {
  let webhook: CreatedAlertChannel;
  let discordChannel: CreatedAlertChannel;

  it('adds a webhook (its secret shown once, the URL masked) and a Discord webhook', async () => {
    webhook = await created({ kind: 'webhook', url: receiver.url });
    expect(webhook.secret).toMatch(/^whsec_[\w-]{40,}$/);
    expect(webhook.channel).toMatchObject({ kind: 'webhook', status: 'active', failures_in_a_row: 0 });
    receiver.setSecret(webhook.secret!);
    const discordUrl = discord.createWebhook();
    discordChannel = await created({ kind: 'discord', url: discordUrl });
    expect(discordChannel.secret).toBeNull();
    // Discord's token is the webhook's password: never shown back.
    const token = discordUrl.split('/').at(-1)!;
    expect(JSON.stringify(await listChannels())).not.toContain(token);
    expect(discordChannel.channel.target).toContain(`${discord.baseUrl}/`);
  });

  it('delivers each event once per channel with two workers ticking at the same time', async () => {
    const second: AppDatabase = t.databaseUrl
      ? createDatabase({ databaseUrl: t.databaseUrl, sqlitePath: '' })
      : createDatabase({ sqlitePath: join(t.dataDir, 'tidewatch.sqlite') });
    try {
      const ids: number[] = [];
      for (let i = 0; i < 6; i++) ids.push(await fireEvent([webhook.channel.id, discordChannel.channel.id]));
      const [a, b] = await Promise.all([tick(), tick(second)]);
      expect(a + b).toBe(12);
      expect(await tick()).toBe(0);
    } finally {
      await second.close();
    }
    expect(receiver.received.map((r) => r.eventId).sort()).toEqual(
      [...new Set(receiver.received.map((r) => r.eventId))].sort(),
    );
    expect(receiver.received).toHaveLength(6);
    expect(discord.messages).toHaveLength(6);
    expect(receiver.rejected).toEqual([]);
    const sent = await deliveriesOf(webhook.channel.id);
    expect(sent.every((d) => d.status === 'sent' && d.attempts === 1)).toBe(true);
    expect((await channelOf(webhook.channel.id)).last_delivery_at).toBe(clock.toISOString());
  });

  it('signs the webhook body as the receiver verifies it; the same delivery replayed later is refused', async () => {
    const first = receiver.received[0]!;
    expect(first.timestamp).toBe(clock.getTime() / 1000);
    expect(first.body).toMatchObject({
      id: first.eventId,
      rule: 'ending_soon',
      occurred_at: clock.toISOString(),
      wallet: '0x00000000000000000000000000000000000000a1',
      farm: '0x00000000000000000000000000000000000000f1',
      position: null,
      url: `${t.config.publicUrl}/quickswap/dual-mining/details/0xf1`,
    });
    // Stored without figures (as an event from before they were): an empty object, never missing.
    expect((first.body as { figures: object }).figures).toEqual({});
    clock = at(10 * minute);
    const replay = await fetch(receiver.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'tidewatch-signature': first.signature },
      body: first.rawBody,
    });
    expect(replay.status).toBe(400);
    expect(receiver.rejected.map((r) => r.reason)).toEqual(['too old']);
  });

  it('sends Discord an embed: title, description, the link, fields and a timestamp', () => {
    const embed = (discord.messages[0]!.body.embeds as Record<string, unknown>[])[0]!;
    expect(embed).toMatchObject({
      title: expect.stringMatching(/^WETH \/ USDC: rewards end in \d+ hours$/),
      description: 'Move or withdraw the stake before it earns nothing.',
      url: `${t.config.publicUrl}/quickswap/dual-mining/details/0xf1`,
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const fields = embed.fields as { name: string; value: string; inline: boolean }[];
    expect(fields.length).toBeGreaterThan(0);
    for (const field of fields) {
      expect(field.name.length).toBeGreaterThan(0);
      expect(field.value.length).toBeGreaterThan(0);
      expect(typeof field.inline).toBe('boolean');
    }
    expect(fields.find((f) => f.name === 'Wallet')?.value).toBe('0x00000000000000000000000000000000000000a1');
  });

  it('retries after a 500 with back-off, and after a 429 not before its Retry-After', async () => {
    discord.script({ status: 500 });
    await fireEvent([discordChannel.channel.id]);
    expect(await tick()).toBe(0);
    let [delivery] = (await deliveriesOf(discordChannel.channel.id)).filter((d) => d.status === 'pending');
    expect(delivery).toMatchObject({ attempts: 1, next_at: at(minute).toISOString() });
    expect(delivery!.last_error).toContain('HTTP 500');
    expect((await channelOf(discordChannel.channel.id)).failures_in_a_row).toBe(1);
    clock = at(30_000);
    expect(await tick()).toBe(0); // not due yet: nothing sent
    clock = at(30_000);
    discord.script({ status: 429, retryAfterSeconds: 600 });
    expect(await tick()).toBe(0);
    [delivery] = (await deliveriesOf(discordChannel.channel.id)).filter((d) => d.status === 'pending');
    expect(delivery).toMatchObject({ attempts: 2, next_at: at(600_000).toISOString() });
    clock = at(599_000);
    expect(await tick()).toBe(0);
    clock = at(1_000);
    const before = discord.messages.length;
    expect(await tick()).toBe(1);
    expect(discord.messages).toHaveLength(before + 1);
    // A success starts the count of failures again.
    expect((await channelOf(discordChannel.channel.id)).failures_in_a_row).toBe(0);
  });

  it('times a slow receiver out without holding the others, and retries it', async () => {
    discord.script({ status: 204, delayMs: 3_000 });
    await fireEvent([discordChannel.channel.id, webhook.channel.id]);
    const received = receiver.received.length;
    expect(await tick()).toBe(1);
    expect(receiver.received).toHaveLength(received + 1);
    const [slow] = (await deliveriesOf(discordChannel.channel.id)).filter((d) => d.status === 'pending');
    expect(slow!.last_error).toBe('no answer within 1 s');
    clock = at(minute);
    expect(await tick()).toBe(1);
  });

  it('does not follow a redirect: the delivery fails and the redirect target hears nothing', async () => {
    receiver.script({ status: 302, location: other.url });
    await fireEvent([webhook.channel.id]);
    expect(await tick()).toBe(0);
    const failed = (await deliveriesOf(webhook.channel.id)).filter((d) => d.status === 'failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]!.last_error).toContain('redirect');
    expect(other.received).toHaveLength(0);
    expect(other.rejected).toHaveLength(0);
  });

  it('pauses a channel after 20 failed deliveries in a row and tells the user in the bell; resume restarts it', async () => {
    // The failures before (the redirect, the day given up) were in a row too: count from a success.
    const succeeded = await t.request({
      method: 'POST',
      url: `/api/alerts/channels/${webhook.channel.id}/test`,
      token: user.token,
    });
    expect(succeeded.statusCode).toBe(202);
    expect(await tick()).toBe(1);
    expect((await channelOf(webhook.channel.id)).failures_in_a_row).toBe(0);
    receiver.script(...Array.from({ length: 20 }, () => ({ status: 500 })));
    for (let i = 0; i < 20; i++) await fireEvent([webhook.channel.id]);
    expect(await tick()).toBe(0);
    const channel = await channelOf(webhook.channel.id);
    expect(channel).toMatchObject({ status: 'paused', failures_in_a_row: 20 });
    expect(channel.last_error).toMatch(/^HTTP 500/);
    const bell = await t.request({ method: 'GET', url: '/api/notifications', token: user.token });
    const paused = bell.json().items.filter((n: { rule: string }) => n.rule === 'channel_paused');
    expect(paused).toHaveLength(1);
    expect(paused[0].title).toContain('channel paused after 20 failed deliveries');
    // Paused: nothing is sent, new events do not queue for it.
    clock = at(2 * minute);
    expect(await tick()).toBe(0);
    const resumed = await t.request({
      method: 'POST',
      url: `/api/alerts/channels/${webhook.channel.id}/resume`,
      token: user.token,
    });
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json()).toMatchObject({ status: 'active', failures_in_a_row: 0 });
    expect(await tick()).toBe(20);
  });

  it("queues a test alert to one channel only ('send a test alert')", async () => {
    const before = { webhook: receiver.received.length, discord: discord.messages.length };
    // The pause test sent one moments ago (one every 30 s, on the wall clock): its turn moved back.
    await db()
      .updateTable('alert_channels')
      .set({ last_test_at: null })
      .where('id', '=', webhook.channel.id)
      .execute();
    const queued = await t.request({
      method: 'POST',
      url: `/api/alerts/channels/${webhook.channel.id}/test`,
      token: user.token,
    });
    expect(queued.statusCode).toBe(202);
    expect(await tick()).toBe(1);
    expect(receiver.received).toHaveLength(before.webhook + 1);
    expect(receiver.received.at(-1)!.body).toMatchObject({ rule: 'test', figures: {} });
    expect(discord.messages).toHaveLength(before.discord);
  });

  it('keeps an event out of the bell when the rule says so, and still delivers it to the chosen channel', async () => {
    const rules = [
      {
        rule: 'ending_soon',
        wallet_address: null,
        is_enabled: true,
        email_enabled: false,
        bell_enabled: false,
        channel_ids: [webhook.channel.id],
        threshold: null,
      },
    ];
    const put = await t.request({
      method: 'PUT',
      url: '/api/alerts/settings',
      token: user.token,
      payload: { email_enabled: true, rules },
    });
    expect(put.statusCode, put.body).toBe(200);
    const saved = put.json().rules.find((r: { rule: string }) => r.rule === 'ending_soon');
    expect(saved).toMatchObject({ bell_enabled: false, channel_ids: [webhook.channel.id] });
    // A channel that is not the user's is refused, naming the field.
    const foreign = await t.request({
      method: 'PUT',
      url: '/api/alerts/settings',
      token: user.token,
      payload: { email_enabled: true, rules: [{ ...rules[0], channel_ids: [999_999] }] },
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().details).toEqual([
      { field: 'body.rules.0.channel_ids', message: expect.any(String) },
    ]);
  });

  // Last: it moves the test clock a day on (test alerts are stamped with the wall clock).
  it('gives a delivery up after a day of failures, with the reason', async () => {
    receiver.script({ status: 503 }, { status: 503 });
    await fireEvent([webhook.channel.id]);
    expect(await tick()).toBe(0);
    expect((await deliveriesOf(webhook.channel.id)).at(-1)).toMatchObject({ status: 'pending', attempts: 1 });
    // Its last chance: a retry now would come after the day since the event.
    clock = at(24 * 60 * minute - 30_000);
    expect(await tick()).toBe(0);
    const last = (await deliveriesOf(webhook.channel.id)).at(-1)!;
    expect(last).toMatchObject({ status: 'failed', attempts: 2 });
    expect(last.last_error).toMatch(/^gave up after a day: HTTP 503/);
  });

  it('deletes a channel (204) and then it is gone (404 for its test)', async () => {
    const removed = await t.request({
      method: 'DELETE',
      url: `/api/alerts/channels/${discordChannel.channel.id}`,
      token: user.token,
    });
    expect(removed.statusCode).toBe(204);
    const again = await t.request({
      method: 'POST',
      url: `/api/alerts/channels/${discordChannel.channel.id}/test`,
      token: user.token,
    });
    expect(again.statusCode).toBe(404);
  });
});

describe('Telegram with a wrong bot token', () => {
  let wrong: TestApp;
  let wrongUser: { token: string; userId: number };
  beforeAll(async () => {
    wrong = await createTestApp({
      env: {
        TELEGRAM_BOT_TOKEN: '999:not-the-bot-token',
        TELEGRAM_API_URL: telegram.apiUrl,
        TELEGRAM_POLL_TIMEOUT_SECONDS: '0',
      },
    });
    wrongUser = await signUp(wrong);
  });
  afterAll(() => wrong?.close());

  it("says so on the channel's status, while the e-mail and the bell still deliver", async () => {
    const response = await addChannel({ kind: 'telegram' }, wrong, wrongUser.token);
    expect(response.statusCode).toBe(201);
    const { channel } = response.json() as CreatedAlertChannel;
    expect(channel.link_url).toBeNull();
    expect(channel.last_error).toMatch(/Unauthorized.*TELEGRAM_BOT_TOKEN/);
    const polled = await pollTelegramOnce({
      db: wrong.database.db,
      config: wrong.config.alertChannels,
      owner: 'process-a',
      now: () => new Date(),
    });
    expect(polled).toMatchObject({ kind: 'error', reason: expect.stringMatching(/Unauthorized/) });
    const list = await wrong.request({ method: 'GET', url: '/api/alerts/channels', token: wrongUser.token });
    expect(list.json().channels[0].last_error).toMatch(/bot token \(TELEGRAM_BOT_TOKEN\) is wrong/);

    await wrong.database.db
      .insertInto('notifications')
      .values({
        user_id: wrongUser.userId,
        event_key: 'paused:test',
        rule: 'paused',
        farm_address: '0x00000000000000000000000000000000000000f1',
        wallet_address: '0x00000000000000000000000000000000000000a1',
        title: 'WETH / USDC: the dual farm is paused',
        body: 'It takes no new stake.',
        link: `${wrong.config.publicUrl}/quickswap/dual-mining/details/0xf1`,
        created_at: new Date().toISOString(),
        email_status: 'pending',
        email_next_at: new Date().toISOString(),
      })
      .execute();
    const mails: MailMessage[] = [];
    const sent = await deliverAlertEmails({
      db: wrong.database.db,
      mailer: { send: async (mail) => void mails.push(mail), close() {} },
      publicUrl: wrong.config.publicUrl,
      secret: wrong.config.jwtSecret,
      now: new Date(),
    });
    expect(sent).toBe(1);
    expect(mails[0]!.subject).toBe('Tidewatch: WETH / USDC: the dual farm is paused');
    const bell = await wrong.request({ method: 'GET', url: '/api/notifications', token: wrongUser.token });
    expect(bell.json().items.map((n: { title: string }) => n.title)).toEqual([
      'WETH / USDC: the dual farm is paused',
    ]);
  });
});

describe('refused receivers (the test setting off)', () => {
  let strict: TestApp;
  let strictUser: { token: string; userId: number };
  beforeAll(async () => {
    strict = await createTestApp({ env: { DISCORD_WEBHOOK_BASE_URL: discord.baseUrl } });
    strictUser = await signUp(strict);
  });
  afterAll(() => strict?.close());

  it.each([
    ['an http URL', { kind: 'webhook', url: 'http://example.com/hook' }, /https/],
    [
      'a Discord URL that is not a Discord webhook',
      { kind: 'discord', url: 'https://example.com/api/webhooks/1/x' },
      /Discord webhook/,
    ],
    ['a host resolving to 127.0.0.1', { kind: 'webhook', url: 'https://localhost/hook' }, /loopback/],
    [
      'the metadata address',
      { kind: 'webhook', url: 'https://169.254.169.254/latest/meta-data' },
      /linkLocal/,
    ],
    ['a private address', { kind: 'webhook', url: 'https://10.1.2.3/hook' }, /private/],
    ['the Discord fake on loopback (http)', { kind: 'discord', url: 'DISCORD/1/abc' }, /https/],
  ])('refuses %s with a 400 naming url', async (_name, body, message) => {
    const payload = { ...body, url: body.url.replace('DISCORD', discord.baseUrl) };
    const response = await addChannel(payload, strict, strictUser.token);
    expect(response.statusCode).toBe(400);
    const details = response.json().details as { field: string; message: string }[];
    expect(details).toHaveLength(1);
    expect(details[0]!.field).toBe('body.url');
    expect(details[0]!.message).toMatch(message);
  });

  it('refuses Telegram when no bot token is set, naming kind', async () => {
    const response = await addChannel({ kind: 'telegram' }, strict, strictUser.token);
    expect(response.statusCode).toBe(400);
    expect(response.json().details[0].field).toBe('body.kind');
    const list = await strict.request({
      method: 'GET',
      url: '/api/alerts/channels',
      token: strictUser.token,
    });
    expect(list.json().telegram).toEqual({ available: false, bot_username: null });
  });

  it('refuses a URL that resolves elsewhere at send time (checked again before each send)', async () => {
    // Stored while the test setting allowed loopback; the strict process refuses it when sending.
    const channelId = (
      await strict.database.db
        .insertInto('alert_channels')
        .values({
          user_id: strictUser.userId,
          kind: 'webhook',
          label: 'moved',
          status: 'active',
          target: 'https://localhost/hook',
          url: 'https://localhost/hook',
          secret: 'whsec_x',
          created_at: clock.toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    await fireEvent([channelId], strictUser.userId, strict.database);
    const sent = await deliverAlertChannels({
      db: strict.database.db,
      config: strict.config.alertChannels,
      publicUrl: strict.config.publicUrl,
      now: () => clock,
    });
    expect(sent).toBe(0);
    const [delivery] = await strict.database.db
      .selectFrom('alert_deliveries')
      .selectAll()
      .where('channel_id', '=', channelId)
      .execute();
    expect(delivery).toMatchObject({ status: 'failed' });
    expect(delivery!.last_error).toMatch(/refused.*loopback/);
  });
});

describe('the SSRF guard', () => {
  const strictOptions = (addresses: string[]) => ({
    allowLoopback: false,
    resolve: async () => addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
  });

  it.each([
    ['127.0.0.1'],
    ['::1'],
    ['::ffff:127.0.0.1'],
    ['10.0.0.8'],
    ['172.16.5.4'],
    ['192.168.1.1'],
    ['fd00:ec2::254'],
    ['fc00::1'],
    ['169.254.169.254'],
    ['fe80::1'],
    ['0.0.0.0'],
    ['100.64.0.1'],
    ['224.0.0.1'],
  ])('refuses a name resolving to %s', async (address) => {
    const checked = await checkReceiverUrl('https://hooks.example.com/x', strictOptions([address]));
    expect(checked.ok).toBe(false);
  });

  it('refuses a name with one public and one private answer, and accepts a public one', async () => {
    expect(
      (await checkReceiverUrl('https://hooks.example.com/x', strictOptions(['93.184.216.34', '10.0.0.1'])))
        .ok,
    ).toBe(false);
    const checked = await checkReceiverUrl('https://hooks.example.com/x', strictOptions(['93.184.216.34']));
    expect(checked).toMatchObject({ ok: true, pinned: { address: '93.184.216.34', family: 4 } });
  });

  it('sends to the address it checked, not to what DNS answers at connect time', async () => {
    // The name exists nowhere: only the pinned address (the resolver's answer at check time) reaches the receiver.
    const pinnedReceiver = await startWebhookReceiver({ now: () => clock });
    try {
      pinnedReceiver.setSecret('whsec_pinned');
      const port = new URL(pinnedReceiver.url).port;
      const url = `http://hooks.pinned.invalid:${port}/hooks/tidewatch`;
      const channelId = (
        await db()
          .insertInto('alert_channels')
          .values({
            user_id: user.userId,
            kind: 'webhook',
            label: 'pinned',
            status: 'active',
            target: url,
            url,
            secret: 'whsec_pinned',
            created_at: clock.toISOString(),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
      await fireEvent([channelId]);
      const sent = await deliverAlertChannels({
        db: db(),
        config: t.config.alertChannels,
        publicUrl: t.config.publicUrl,
        now: () => clock,
        resolve: async () => [{ address: '127.0.0.1', family: 4 }],
      });
      expect(sent).toBe(1);
      expect(pinnedReceiver.received).toHaveLength(1);
    } finally {
      await pinnedReceiver.stop();
    }
  });

  it('is not switched off in production: ALERT_CHANNELS_ALLOW_LOOPBACK=true is refused at start-up', () => {
    expect(() =>
      parseConfig({ DATA_DIR: t.dataDir, ALERT_CHANNELS_ALLOW_LOOPBACK: 'true', NODE_ENV: 'production' }),
    ).toThrow(/ALERT_CHANNELS_ALLOW_LOOPBACK is for test suites only/);
    expect(parseConfig({ DATA_DIR: t.dataDir }).alertChannels).toMatchObject({
      allowLoopback: false,
      telegramBotToken: undefined,
      telegramApiUrl: 'https://api.telegram.org',
      discordWebhookBaseUrl: 'https://discord.com/api/webhooks',
      deliveryTimeoutMs: 10_000,
    });
  });
});
