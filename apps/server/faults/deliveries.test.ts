import {
  type DiscordServer,
  type ScriptedAnswer,
  type SmtpTestServer,
  startDiscordServer,
  startSmtpServer,
  startTelegramServer,
  startWebhookReceiver,
  type TelegramServer,
  type WebhookReceiver,
} from '@tidewatch/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../src/core/mailer.ts';
import { insertNotification } from '../src/core/notifications/repository.ts';
import {
  claimChannelForSend,
  claimDelivery,
  enqueueDeliveries,
} from '../src/features/alert-channels/channels-repository.ts';
import { deliverAlertChannels, deliveryLeaseMs } from '../src/features/alert-channels/deliver-channels.ts';
import { deliverAlertEmails } from '../src/features/alerts/deliver.ts';
import { createConfirmedUser, createTestApp, type TestApp } from '../test/helpers.ts';
import { createTally } from './tally.ts';

// Issue 43, Build 2 and 8: the receivers of alerts (webhooks, Discord, Telegram, the SMTP server) fail in every way
// they do (a 5xx, a 429 with Retry-After, no answer, away), and a process dies (SIGKILL) holding a send. Each event must reach each channel
// once it answers again: nothing lost, nothing sent twice under two ids or after it was recorded as sent, and no
// lease held past one lease period. The clock is the test's; the receivers and the SMTP server are local.
const tally = createTally(import.meta.filename);
let t: TestApp;
let receiver: WebhookReceiver;
let discord: DiscordServer;
let smtp: SmtpTestServer;
let telegram: TelegramServer;
let userId: number;
let email: string;
let clock = new Date(Math.floor(Date.now() / 1000) * 1000);
const minute = 60_000;
const timeoutMs = 500;
const db = () => t.database.db;

const tick = () =>
  deliverAlertChannels({
    db: db(),
    config: t.config.alertChannels,
    publicUrl: t.config.publicUrl,
    now: () => clock,
  });

let events = 0;
/** A new event of the user, queued to `channelId` (and its e-mail pending when `withEmail`). */
async function fireEvent(channelId: number | null, withEmail = false): Promise<number> {
  events += 1;
  const id = await insertNotification(db(), {
    user_id: userId,
    event_key: `ending_soon:faults:${events}`,
    rule: 'ending_soon',
    farm_address: '0x00000000000000000000000000000000000000f1',
    wallet_address: '0x00000000000000000000000000000000000000a1',
    title: `WETH / USDC on Polygon: rewards end in ${events} hours`,
    body: 'Move or withdraw the stake before it earns nothing.',
    link: `${t.config.publicUrl}/quickswap/dual-mining/details/0xf1`,
    created_at: clock.toISOString(),
    email_status: withEmail ? 'pending' : 'off',
    email_next_at: clock.toISOString(),
  });
  if (channelId !== null) await enqueueDeliveries(db(), userId, id!, [channelId], clock.toISOString());
  return id!;
}

const deliveryOf = (notificationId: number) =>
  db()
    .selectFrom('alert_deliveries')
    .selectAll()
    .where('notification_id', '=', notificationId)
    .executeTakeFirstOrThrow();
const channelOf = (id: number) =>
  db().selectFrom('alert_channels').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

async function addChannel(kind: 'webhook' | 'discord', url: string): Promise<number> {
  const { token } = await createConfirmedUserOnce();
  const response = await t.request({
    method: 'POST',
    url: '/api/alerts/channels',
    token,
    payload: { kind, url },
  });
  expect(response.statusCode, response.body).toBe(201);
  const created = response.json() as { channel: { id: number }; secret?: string };
  if (created.secret) receiver.setSecret(created.secret);
  return created.channel.id;
}

/** A Telegram chat linked to the user (as the link flow leaves it), its chat known to the bot. */
async function addTelegramChannel(): Promise<{ channelId: number; chatId: number }> {
  await createConfirmedUserOnce();
  const chatId = telegram.addMessage('hello', { username: `faults${events}` });
  const row = await db()
    .insertInto('alert_channels')
    .values({
      user_id: userId,
      kind: 'telegram',
      label: '',
      status: 'active',
      target: `@faults${events}`,
      telegram_chat_id: String(chatId),
      created_at: clock.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { channelId: row.id, chatId };
}

/** One channel of each kind for the whole file (a user has at most 10), each fault a new event to it. */
const channels: { webhook?: number; discord?: number; telegram?: { channelId: number; chatId: number } } = {};
const webhookChannel = async () => (channels.webhook ??= await addChannel('webhook', receiver.url));
const discordChannel = async () =>
  (channels.discord ??= await addChannel('discord', discord.createWebhook()));
const telegramChannel = async () => (channels.telegram ??= await addTelegramChannel());

let session: { token: string } | undefined;
async function createConfirmedUserOnce() {
  if (session) return session;
  const created = await createConfirmedUser(t);
  email = created.email;
  userId = (await db().selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow())
    .id;
  session = { token: created.token };
  return session;
}

/** What a receiver holds of one event: how many times it took it. */
type Seen = () => number;

/**
 * One receiver fault: the event's first send meets it; the delivery must be recorded and left unleased, then go
 * out once when the receiver answers again, and never again after that.
 */
async function meetReceiverFault(
  label: string,
  channelId: number,
  script: (a: ScriptedAnswer) => void,
  answer: ScriptedAnswer,
  seenOf: (eventId: string) => Seen,
) {
  tally.injected();
  const id = await fireEvent(channelId);
  const seen = seenOf(`n${id}`);
  script(answer);
  await tick();
  const after = await deliveryOf(id);
  if (after.lease_owner !== null)
    tally.problem('stuck_over_lease', `${label}: the delivery is still leased after its send ended`);
  if ((await channelOf(channelId)).sending_owner !== null)
    tally.problem('stuck_over_lease', `${label}: the channel is still taken`);
  if (after.status !== 'pending' && after.status !== 'sent')
    tally.problem('lost', `${label}: the delivery ended ${after.status} (${after.last_error})`);
  // The receiver back: an hour on (past any back-off or Retry-After), the event arrives once.
  clock = new Date(clock.getTime() + 61 * minute);
  await tick();
  await tick();
  if (seen() === 0) tally.problem('lost', `${label}: never delivered (${(await deliveryOf(id)).status})`);
  if (seen() > 1) tally.problem('duplicated', `${label}: delivered ${seen()} times`);
  if ((await deliveryOf(id)).status !== 'sent') tally.problem('lost', `${label}: not recorded as sent`);
}

/**
 * A process that died (SIGKILL) holding a channel and a delivery: another takes them over once one lease period
 * has passed, and the event arrives once.
 */
async function meetKill(label: string, channelId: number, seenOf: (eventId: string) => Seen) {
  tally.injected();
  const id = await fireEvent(channelId);
  const seen = seenOf(`n${id}`);
  const leaseUntil = new Date(clock.getTime() + deliveryLeaseMs(timeoutMs)).toISOString();
  const at = clock.toISOString();
  expect(await claimChannelForSend(db(), channelId, 'a-process-killed', at, leaseUntil)).toBeTruthy();
  expect(await claimDelivery(db(), id, 'a-process-killed', at, leaseUntil)).toBeTruthy();
  // Within the lease, nobody sends it; one lease period on, another process does.
  await tick();
  if (seen() !== 0) tally.problem('duplicated', `${label}: sent while a live lease held it`);
  // Issue 43: a lease of a dead process is taken over within a minute.
  clock = new Date(clock.getTime() + minute);
  await tick();
  const row = await deliveryOf(id);
  if (row.status !== 'sent' || seen() !== 1)
    tally.problem(
      'stuck_over_lease',
      `${label}: ${row.status} one lease period on, received ${seen()} times`,
    );
}

beforeAll(async () => {
  receiver = await startWebhookReceiver({ now: () => clock });
  discord = await startDiscordServer();
  smtp = await startSmtpServer();
  telegram = await startTelegramServer();
  t = await createTestApp({
    env: {
      TELEGRAM_API_URL: telegram.apiUrl,
      TELEGRAM_BOT_TOKEN: telegram.token,
      DISCORD_WEBHOOK_BASE_URL: discord.baseUrl,
      ALERT_CHANNELS_ALLOW_LOOPBACK: 'true',
      ALERT_DELIVERY_TIMEOUT_MS: String(timeoutMs),
    },
  });
  await createConfirmedUserOnce();
});
afterAll(async () => {
  tally.write();
  await t?.close();
  await receiver?.stop();
  await discord?.stop();
  await smtp?.stop();
  await telegram?.stop();
});

const receiverFaults: [string, ScriptedAnswer][] = [
  ['an HTTP 500', { status: 500 }],
  ['an HTTP 503', { status: 503 }],
  ['a 429 with Retry-After', { status: 429, retryAfterSeconds: 30 }],
  ['no answer within the timeout', { status: 200, delayMs: 3 * timeoutMs }],
];

describe('alert receivers fail, processes stop and die', () => {
  it.each(receiverFaults)('a webhook: %s', async (label, answer) => {
    const seen = tally.problems.length;
    const channelId = await webhookChannel();
    await meetReceiverFault(
      `webhook: ${label}`,
      channelId,
      (a) => receiver.script(a),
      answer,
      (eventId) => () => receiver.received.filter((r) => r.eventId === eventId).length,
    );
    expect(tally.problems.slice(seen)).toEqual([]);
  });

  it.each(receiverFaults)('a Discord webhook: %s', async (label, answer) => {
    const seen = tally.problems.length;
    const channelId = await discordChannel();
    const before = discord.messages.length;
    await meetReceiverFault(
      `Discord: ${label}`,
      channelId,
      (a) => discord.script(a),
      answer,
      () => () => discord.messages.length - before,
    );
    expect(tally.problems.slice(seen)).toEqual([]);
  });

  it.each(receiverFaults)('a Telegram chat: %s', async (label, answer) => {
    const seen = tally.problems.length;
    const { channelId, chatId } = await telegramChannel();
    const sentToChat = () => telegram.sent.filter((m) => m.chat_id === chatId).length;
    const before = sentToChat();
    await meetReceiverFault(
      `Telegram: ${label}`,
      channelId,
      (a) => telegram.scriptSend(a),
      answer,
      () => () => sentToChat() - before,
    );
    expect(tally.problems.slice(seen)).toEqual([]);
  });

  it('a process killed holding a webhook send (SIGKILL)', async () => {
    const seen = tally.problems.length;
    const channelId = await webhookChannel();
    await meetKill(
      'webhook',
      channelId,
      (eventId) => () => receiver.received.filter((r) => r.eventId === eventId).length,
    );
    expect(tally.problems.slice(seen)).toEqual([]);
  });

  it('a process killed holding a Discord send (SIGKILL)', async () => {
    const seen = tally.problems.length;
    const channelId = await discordChannel();
    const before = discord.messages.length;
    await meetKill('Discord', channelId, () => () => discord.messages.length - before);
    expect(tally.problems.slice(seen)).toEqual([]);
  });

  it('the SMTP server away, then back: the e-mail goes once', async () => {
    const seen = tally.problems.length;
    tally.injected();
    const id = await fireEvent(null, true);
    const deps = { db: db(), publicUrl: t.config.publicUrl, secret: t.config.jwtSecret };
    // Nothing listens on port 9 (discard): the connection is refused.
    const away = createMailer({ smtpUrl: 'smtp://127.0.0.1:9', outboxDir: t.dataDir, logger: { info() {} } });
    await deliverAlertEmails({ ...deps, mailer: away, now: clock });
    away.close();
    const row = await db()
      .selectFrom('notifications')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    if (row.email_status !== 'pending') tally.problem('lost', `SMTP away: the e-mail is ${row.email_status}`);
    if (row.email_lease_until !== null)
      tally.problem('stuck_over_lease', 'SMTP away: the e-mail is still leased');
    clock = new Date(clock.getTime() + 61 * minute);
    const back = createMailer({ smtpUrl: smtp.url, outboxDir: t.dataDir, logger: { info() {} } });
    await deliverAlertEmails({ ...deps, mailer: back, now: clock });
    await deliverAlertEmails({ ...deps, mailer: back, now: clock });
    back.close();
    const mails = smtp.messages.filter(
      (m) => m.to.includes(email) && m.subject.includes(`rewards end in ${events} hours`),
    );
    if (mails.length === 0) tally.problem('lost', 'SMTP back: the e-mail never went');
    if (mails.length > 1) tally.problem('duplicated', `SMTP back: the e-mail went ${mails.length} times`);
    expect(tally.problems.slice(seen)).toEqual([]);
  });
});
