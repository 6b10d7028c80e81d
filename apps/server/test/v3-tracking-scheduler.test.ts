import { movePriceAcrossRange } from '@tidewatch/testkit';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../src/core/mailer.ts';
import type { Scheduler } from '../src/jobs/scheduler.ts';
import { startScheduledSnapshots } from '../src/runtime.ts';
import { startHungReceiver } from './hung-receiver.ts';
import { createV3User, startV3TrackingWorld, type V3TrackingWorld } from './v3-tracking-setup.ts';

// The scheduler as a process runs it (runtime.ts): on SQLite the V3 round in this process, on PostgreSQL
// (`npm run test:pg`) its batches through the pg-boss queue. A tracked position whose price left its range is
// snapshotted on its own and its 'out of range' alert is e-mailed, with no request from anyone.
let w: V3TrackingWorld;
let scheduler: Scheduler | undefined;
const warnings: string[] = [];
let user: Awaited<ReturnType<typeof createV3User>>;

/** The scheduler as runtime.ts starts it for this world, with the alert channels' settings given. */
function startScheduler(alertChannels: Partial<V3TrackingWorld['testApp']['config']['alertChannels']> = {}) {
  const { testApp } = w;
  return startScheduledSnapshots(
    {
      config: {
        ...testApp.config,
        snapshotIntervalMs: 5_000,
        databaseUrl: testApp.databaseUrl,
        alertChannels: { ...testApp.config.alertChannels, ...alertChannels },
      },
      database: testApp.database,
      chain: w.t.chain,
      prices: w.prices,
      otherChains: [],
    },
    { info() {}, warn: (_object, message) => warnings.push(message) },
    undefined,
    { mailer: createMailer({ smtpUrl: w.smtp.url, outboxDir: testApp.dataDir, logger: { info() {} } }) },
  );
}

beforeAll(async () => {
  w = await startV3TrackingWorld();
}, 120_000);
afterAll(async () => {
  await scheduler?.stop();
  await w?.close();
});

describe('the scheduled V3 round in a running process', () => {
  it('snapshots a tracked position every interval and e-mails its crossing out of range', async () => {
    const wallet = w.t.world.accounts.user.address;
    user = await createV3User(w, [wallet]);
    const inRange = w.v3World.positions.inRange;
    const tracked = await w.testApp.request({
      method: 'POST',
      url: '/api/quickswap/v3/track',
      token: user.token,
      payload: { token_id: inRange.tokenId.toString(), wallet_address: wallet },
    });
    expect(tracked.statusCode).toBe(200);
    await movePriceAcrossRange(w.t.anvil, w.v3World, inRange, 'below');

    const { testApp } = w;
    scheduler = await startScheduler();
    const mail = await w.smtp.waitForMessage((m) => m.subject.includes('out of range'), 45_000);
    expect(mail.to).toContain(user.email);
    expect(mail.subject).toContain(`#${inRange.tokenId} on Polygon: out of range`);
    const snapshots = await testApp.database.db
      .selectFrom('v3_position_snapshots')
      .select(['in_range', 'block_number'])
      .orderBy('block_number')
      .execute();
    expect(snapshots.length).toBeGreaterThanOrEqual(2);
    expect(snapshots.at(-1)!.in_range).toBe(0);
    expect(warnings.filter((message) => message.includes('V3'))).toEqual([]);
    if (testApp.databaseUrl) {
      // On PostgreSQL the batches went through their pg-boss queue, and a worker took them.
      const { rows } = await sql<{ n: string }>`select count(*) as n from pgboss.job
        where name = 'v3-snapshot-batch' and state = 'completed'`.execute(testApp.database.db);
      expect(Number(rows[0]!.n)).toBeGreaterThan(0);
    }
  }, 60_000);

  // Issue 43, finding 2: the first send of a new event starts from the stored batch, in the process that stored
  // it. Stopping the process (SIGTERM) waits for that send: it ends at the delivery timeout and is recorded, so
  // neither the delivery nor its channel is left leased to a process that is gone.
  it('on stop, waits for the first send of a new event and leaves nothing leased', async () => {
    await scheduler?.stop();
    const receiver = await startHungReceiver();
    try {
      const db = w.testApp.database.db;
      const now = new Date().toISOString();
      const channel = await db
        .insertInto('alert_channels')
        .values({
          user_id: user.userId,
          kind: 'webhook',
          label: 'hung hook',
          status: 'active',
          target: receiver.url,
          url: receiver.url,
          secret: 'whsec_scheduler_stop',
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('alert_rules')
        .values({
          user_id: user.userId,
          rule: 'back_in_range',
          wallet_address: '',
          is_enabled: 1,
          is_email_enabled: 0,
          is_bell_enabled: 1,
          channel_ids: JSON.stringify([channel.id]),
          threshold: null,
          updated_at: now,
        })
        .execute();
      await movePriceAcrossRange(w.t.anvil, w.v3World, w.v3World.positions.inRange, 'inside');
      const running = await startScheduler({ allowLoopback: true, deliveryTimeoutMs: 1_000 });
      scheduler = running;
      await receiver.waitFor(1);
      await running!.stop();
      scheduler = undefined;

      const [delivery] = await db
        .selectFrom('alert_deliveries')
        .selectAll()
        .where('channel_id', '=', channel.id)
        .execute();
      expect(delivery).toMatchObject({
        status: 'pending',
        attempts: 1,
        last_error: 'no answer within 1 s',
        lease_owner: null,
        lease_until: null,
      });
      const held = await db
        .selectFrom('alert_channels')
        .select('sending_owner')
        .where('id', '=', channel.id)
        .executeTakeFirstOrThrow();
      expect(held.sending_owner).toBeNull();
      expect(receiver.requests()).toBe(1);
    } finally {
      await receiver.stop();
    }
  }, 60_000);
});
