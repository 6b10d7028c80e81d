import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { CreatedAlertChannel } from '@tidewatch/shared';
import {
  type DiscordServer,
  startDiscordServer,
  startWebhookReceiver,
  type WebhookReceiver,
} from '@tidewatch/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppDatabase, createDatabase } from '../src/core/db/index.ts';
import { insertNotification } from '../src/core/notifications/repository.ts';
import { enqueueDeliveries } from '../src/features/alert-channels/channels-repository.ts';
import {
  type DeliverChannelsDeps,
  deliverAlertChannels,
  deliveryLeaseMs,
} from '../src/features/alert-channels/deliver-channels.ts';
import { createConfirmedUser, createTestApp, type TestApp } from './helpers.ts';

// Issue 36, the delivery tick under the faults review 1 found: a clock that moves during a tick, two workers
// and an expired lease, stale rows after a pause, a rate-limited channel, a name server that never answers.
// Time is the test's clock; the receivers are local. SQLite here, PostgreSQL in test:pg.
let t: TestApp;
let discord: DiscordServer;
let receiver: WebhookReceiver;
let user: { token: string; userId: number };
let clock = new Date(Math.floor(Date.now() / 1000) * 1000);
const minute = 60_000;
const at = (ms: number) => new Date(clock.getTime() + ms);
const db = () => t.database.db;

const tick = (overrides: Partial<DeliverChannelsDeps> = {}) =>
  deliverAlertChannels({
    db: db(),
    config: t.config.alertChannels,
    publicUrl: t.config.publicUrl,
    now: () => clock,
    ...overrides,
  });

let eventCount = 0;
/** An event stored for the user as evaluate stores it, queued to `channelIds`. */
async function fireEvent(channelIds: number[]) {
  eventCount += 1;
  const id = await insertNotification(db(), {
    user_id: user.userId,
    event_key: `ending_soon:delivery-test:${eventCount}`,
    rule: 'ending_soon',
    farm_address: '0x00000000000000000000000000000000000000f1',
    wallet_address: '0x00000000000000000000000000000000000000a1',
    title: `WETH / USDC: rewards end in ${eventCount} hours`,
    body: 'Move or withdraw the stake before it earns nothing.',
    link: `${t.config.publicUrl}/quickswap/dual-mining/details/0xf1`,
    created_at: clock.toISOString(),
    email_status: 'off',
  });
  await enqueueDeliveries(db(), user.userId, id!, channelIds, clock.toISOString());
  return id!;
}
const deliveriesOf = (channelId: number) =>
  db().selectFrom('alert_deliveries').selectAll().where('channel_id', '=', channelId).orderBy('id').execute();
const channelRow = (id: number) =>
  db().selectFrom('alert_channels').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

async function addChannel(body: object): Promise<CreatedAlertChannel> {
  const response = await t.request({
    method: 'POST',
    url: '/api/alerts/channels',
    token: user.token,
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/**
 * A local receiver that holds the first request it gets until the test answers it (the others: 200 at
 * once), so a test can act while a send is in flight. Records each request's Tidewatch-Event-Id.
 */
async function startGateReceiver() {
  const eventIds: string[] = [];
  let held: ServerResponse | undefined;
  let arrived: () => void = () => {};
  const firstArrived = new Promise<void>((resolve) => {
    arrived = resolve;
  });
  const server = createServer((request, res) => {
    request.resume();
    request.on('end', () => {
      eventIds.push(String(request.headers['tidewatch-event-id']));
      if (eventIds.length === 1) {
        held = res;
        arrived();
      } else res.writeHead(200).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    eventIds,
    firstArrived,
    answerFirst: (status: number) => held?.writeHead(status).end('{}'),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A second process's view of the database (a second connection, as another worker has). */
function secondDatabase(): AppDatabase {
  return t.databaseUrl
    ? createDatabase({ databaseUrl: t.databaseUrl, sqlitePath: '' })
    : createDatabase({ sqlitePath: join(t.dataDir, 'tidewatch.sqlite') });
}

beforeAll(async () => {
  discord = await startDiscordServer();
  receiver = await startWebhookReceiver({ now: () => clock });
  t = await createTestApp({
    env: {
      DISCORD_WEBHOOK_BASE_URL: discord.baseUrl,
      ALERT_CHANNELS_ALLOW_LOOPBACK: 'true',
      ALERT_DELIVERY_TIMEOUT_MS: '1000',
    },
  });
  const { token, email } = await createConfirmedUser(t);
  const row = await db()
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  user = { token, userId: row.id };
});
afterAll(async () => {
  await t?.close();
  await Promise.all([discord?.stop(), receiver?.stop()]);
});

describe('the time of each send', () => {
  it('signs each webhook with the time it is sent, though the clock moves on during the tick', async () => {
    const webhook = await addChannel({ kind: 'webhook', url: receiver.url });
    receiver.setSecret(webhook.secret!);
    for (let i = 0; i < 3; i++) await fireEvent([webhook.channel.id]);
    // Every read of the clock is 4 minutes after the one before: the third send leaves well past the
    // receiver's 5-minute window of the tick's start, and must still be fresh to it.
    const readings: number[] = [];
    const sent = await tick({
      concurrency: 1,
      now: () => {
        clock = at(4 * minute);
        readings.push(Math.floor(clock.getTime() / 1000));
        return clock;
      },
    });
    expect(sent).toBe(3);
    expect(receiver.rejected).toEqual([]);
    const stamps = receiver.received.map((r) => r.timestamp);
    expect(stamps).toHaveLength(3);
    for (const stamp of stamps) expect(readings).toContain(stamp);
    expect(new Set(stamps).size).toBe(3);
    // Each row's sent_at is the time its answer came, not the tick's start.
    const rows = await deliveriesOf(webhook.channel.id);
    expect(new Set(rows.map((r) => r.sent_at)).size).toBe(3);
    await t.request({
      method: 'DELETE',
      url: `/api/alerts/channels/${webhook.channel.id}`,
      token: user.token,
    });
  });
});

describe('two workers and the lease', () => {
  // A long delivery timeout: the held send must not time out while the test acts (the lease: 2 x it + 30 s).
  const patient = () => ({ ...t.config.alertChannels, deliveryTimeoutMs: 30_000 });
  it('never sends a delivery twice (nor two at once to a channel) when a second worker ticks while the first sends', async () => {
    const gate = await startGateReceiver();
    const second = secondDatabase();
    try {
      const channel = await addChannel({ kind: 'webhook', url: gate.url });
      const ids = [];
      for (let i = 0; i < 3; i++) ids.push(await fireEvent([channel.channel.id]));
      // Worker A sends one at a time; its first send hangs at the receiver.
      const first = tick({ concurrency: 1, config: patient() });
      await gate.firstArrived;
      // A minute on (within A's lease, 2 timeouts + 30 s = 90 s here): worker B ticks. A channel gets one
      // request at a time (so a 429 is seen before the next leaves): B leaves its rows to A.
      clock = at(minute);
      const sentByB = await deliverAlertChannels({
        db: second.db,
        config: patient(),
        publicUrl: t.config.publicUrl,
        now: () => clock,
      });
      expect(sentByB).toBe(0);
      expect(gate.eventIds).toHaveLength(1);
      gate.answerFirst(200);
      expect(await first).toBe(3);
      expect(gate.eventIds.sort()).toEqual(ids.map((id) => `n${id}`).sort());
      const rows = await deliveriesOf(channel.channel.id);
      expect(rows.map((r) => [r.status, r.attempts, r.lease_owner])).toEqual([
        ['sent', 1, null],
        ['sent', 1, null],
        ['sent', 1, null],
      ]);
    } finally {
      await second.close();
      await gate.stop();
    }
  });

  it("refuses the outcome of a send whose lease ran out and was taken: the other worker's result stands", async () => {
    const gate = await startGateReceiver();
    const second = secondDatabase();
    try {
      const channel = await addChannel({ kind: 'webhook', url: gate.url });
      await fireEvent([channel.channel.id]);
      // The default delivery timeout (10 s): A's lease is 50 s (issue 43, finding 2: a process that died
      // mid-send leaves its row to the others within a minute, not ten).
      const defaults = { ...t.config.alertChannels, deliveryTimeoutMs: 10_000 };
      expect(deliveryLeaseMs(defaults.deliveryTimeoutMs)).toBeLessThanOrEqual(minute);
      const first = tick({ concurrency: 1, config: defaults });
      await gate.firstArrived;
      // Past A's lease, a minute on: B takes the row over and delivers it.
      clock = at(minute);
      const sentByB = await deliverAlertChannels({
        db: second.db,
        config: defaults,
        publicUrl: t.config.publicUrl,
        now: () => clock,
      });
      expect(sentByB).toBe(1);
      // At least once, with one id: B's send of the event A may have delivered carries A's Tidewatch-Event-Id.
      expect(gate.eventIds).toHaveLength(2);
      expect(gate.eventIds[1]).toBe(gate.eventIds[0]);
      // A's late answer is a 500: recording it would queue the delivered event again and count a failure.
      gate.answerFirst(500);
      expect(await first).toBe(0);
      const [row] = await deliveriesOf(channel.channel.id);
      expect(row).toMatchObject({ status: 'sent', attempts: 1, last_error: null, lease_owner: null });
      expect(await channelRow(channel.channel.id)).toMatchObject({ failures_in_a_row: 0, last_error: null });
    } finally {
      await second.close();
      await gate.stop();
    }
  });
});

describe('deliveries too old to send', () => {
  it('ends them after a day without counting them against a resumed channel', async () => {
    const webhook = await addChannel({ kind: 'webhook', url: receiver.url });
    receiver.setSecret(webhook.secret!);
    for (let i = 0; i < 25; i++) await fireEvent([webhook.channel.id]);
    // Paused (20 failures elsewhere) while its events waited; the user resumes it more than a day later.
    await db()
      .updateTable('alert_channels')
      .set({ status: 'paused', failures_in_a_row: 20 })
      .where('id', '=', webhook.channel.id)
      .execute();
    clock = at(25 * 60 * minute);
    const resumed = await t.request({
      method: 'POST',
      url: `/api/alerts/channels/${webhook.channel.id}/resume`,
      token: user.token,
    });
    expect(resumed.statusCode).toBe(200);
    const received = receiver.received.length;
    expect(await tick()).toBe(0);
    expect(receiver.received).toHaveLength(received);
    const rows = await deliveriesOf(webhook.channel.id);
    expect(rows).toHaveLength(25);
    for (const row of rows) {
      expect(row).toMatchObject({
        status: 'failed',
        attempts: 0,
        last_error: 'gave up after a day without a try',
      });
    }
    expect(await channelRow(webhook.channel.id)).toMatchObject({ status: 'active', failures_in_a_row: 0 });
    const paused = await db()
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', user.userId)
      .where('rule', '=', 'channel_paused')
      .execute();
    expect(paused).toEqual([]);
    // The next event goes through.
    await fireEvent([webhook.channel.id]);
    expect(await tick()).toBe(1);
  });
});

describe('a rate-limited channel', () => {
  it("holds the channel's other deliveries until Retry-After, and a 429 is no failure in a row", async () => {
    const channel = await addChannel({ kind: 'discord', url: discord.createWebhook() });
    const id = channel.channel.id;
    // One failure short of a pause: a 429 counted as one would pause a merely busy channel.
    await db().updateTable('alert_channels').set({ failures_in_a_row: 19 }).where('id', '=', id).execute();
    for (let i = 0; i < 3; i++) await fireEvent([id]);
    discord.script({ status: 429, retryAfterSeconds: 600 });
    const requests = discord.requests.length;
    expect(await tick({ concurrency: 1 })).toBe(0);
    // One request: the 429 held the other two untried.
    expect(discord.requests).toHaveLength(requests + 1);
    const rows = await deliveriesOf(id);
    expect(rows.map((r) => [r.status, r.attempts])).toEqual([
      ['pending', 1],
      ['pending', 0],
      ['pending', 0],
    ]);
    expect(rows[0]!.next_at).toBe(at(600_000).toISOString());
    const held = await channelRow(id);
    expect(held).toMatchObject({
      status: 'active',
      failures_in_a_row: 19,
      not_before: at(600_000).toISOString(),
    });
    expect(held.last_error).toMatch(/^HTTP 429/);
    // The other two are due, but the channel is held: nothing goes until its Retry-After.
    clock = at(5 * minute);
    expect(await tick()).toBe(0);
    expect(discord.requests).toHaveLength(requests + 1);
    clock = at(5 * minute);
    expect(await tick()).toBe(3);
    expect(discord.requests).toHaveLength(requests + 4);
    expect(await channelRow(id)).toMatchObject({ status: 'active', failures_in_a_row: 0 });
  });
});

describe('a name server that never answers', () => {
  it('ends the send at the delivery timeout and retries it later', async () => {
    const port = new URL(receiver.url).port;
    const url = `http://hooks.silent-dns.invalid:${port}/hooks/tidewatch`;
    const { id } = await db()
      .insertInto('alert_channels')
      .values({
        user_id: user.userId,
        kind: 'webhook',
        label: 'silent dns',
        status: 'active',
        target: url,
        url,
        secret: 'whsec_silent_dns',
        created_at: clock.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    receiver.setSecret('whsec_silent_dns');
    const eventId = await fireEvent([id]);
    expect(await tick({ resolve: () => new Promise(() => {}) })).toBe(0);
    const [delivery] = await deliveriesOf(id);
    expect(delivery).toMatchObject({
      status: 'pending',
      attempts: 1,
      next_at: at(minute).toISOString(),
      last_error: 'no answer within 1 s (the host name did not resolve)',
    });
    // The name resolves again: the retry goes through.
    clock = at(minute);
    expect(await tick({ resolve: async () => [{ address: '127.0.0.1', family: 4 }] })).toBe(1);
    expect(receiver.received.at(-1)!.eventId).toBe(`n${eventId}`);
  });
});

describe('ids beyond the database integer', () => {
  it.each([
    ['POST', '/api/alerts/channels/3000000000/test'],
    ['POST', '/api/alerts/channels/3000000000/resume'],
    ['DELETE', '/api/alerts/channels/3000000000'],
  ] as const)('%s %s answers 400 naming the id', async (method, url) => {
    const response = await t.request({ method, url, token: user.token });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([{ field: 'params.id', message: expect.any(String) }]);
  });

  it("refuses a rule's channel id beyond it with a 400 naming the field", async () => {
    const response = await t.request({
      method: 'PUT',
      url: '/api/alerts/settings',
      token: user.token,
      payload: {
        email_enabled: true,
        rules: [{ rule: 'ending_soon', is_enabled: true, channel_ids: [3_000_000_000] }],
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([
      { field: 'body.rules.0.channel_ids.0', message: expect.any(String) },
    ]);
  });
});

describe('Discord webhook URLs as Discord hands them out', () => {
  it("accepts a thread's webhook with ?thread_id= and ?wait=true, and delivers to it (a 2xx either way)", async () => {
    const url = `${discord.createWebhook()}?thread_id=123456789&wait=true`;
    const channel = await addChannel({ kind: 'discord', url });
    expect(channel.channel.target).toMatch(/\?…$/);
    await fireEvent([channel.channel.id]);
    const before = discord.messages.length;
    expect(await tick()).toBe(1);
    expect(discord.messages).toHaveLength(before + 1);
    expect(discord.requests.at(-1)!.path).toMatch(/\?thread_id=123456789&wait=true$/);
  });

  it('refuses a query Discord does not take, naming url', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/alerts/channels',
      token: user.token,
      payload: { kind: 'discord', url: `${discord.createWebhook()}?redirect=https://example.com` },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details[0].field).toBe('body.url');
  });
});

describe("'send a test alert'", () => {
  it('queues one per channel every 30 seconds; sooner is a 429 saying when', async () => {
    const webhook = await addChannel({ kind: 'webhook', url: receiver.url });
    const other = await addChannel({ kind: 'webhook', url: receiver.url });
    const test = (id: number) =>
      t.request({ method: 'POST', url: `/api/alerts/channels/${id}/test`, token: user.token });
    // The route's time is the wall clock: the window is measured from the first test, not the test's clock.
    expect((await test(webhook.channel.id)).statusCode).toBe(202);
    const again = await test(webhook.channel.id);
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(
        /^A test alert went to this channel moments ago: send another in \d+ s\.$/,
      ),
    });
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
    // Another channel has its own turn.
    expect((await test(other.channel.id)).statusCode).toBe(202);
    const queued = await db()
      .selectFrom('alert_deliveries')
      .select('channel_id')
      .where('notification_id', 'is', null)
      .where('channel_id', 'in', [webhook.channel.id, other.channel.id])
      .execute();
    expect(queued.map((q) => q.channel_id).sort()).toEqual([webhook.channel.id, other.channel.id].sort());
    // 30 seconds later (the stored turn moved back), the channel may be tested again.
    await db()
      .updateTable('alert_channels')
      .set({ last_test_at: new Date(Date.now() - 30_001).toISOString() })
      .where('id', '=', webhook.channel.id)
      .execute();
    expect((await test(webhook.channel.id)).statusCode).toBe(202);
  });
});
