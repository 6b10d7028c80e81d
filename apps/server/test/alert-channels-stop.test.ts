import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertNotification } from '../src/core/notifications/repository.ts';
import { enqueueDeliveries } from '../src/features/alert-channels/channels-repository.ts';
import { startAlertChannelJobs } from '../src/jobs/alert-channels-job.ts';
import { createConfirmedUser, createTestApp, type TestApp } from './helpers.ts';
import { startHungReceiver } from './hung-receiver.ts';

// Issue 36, review 2 item 11: stopping the alert channel jobs (a shutdown) claims no more deliveries; it
// waits only for the sends in flight, which end at the delivery timeout. The jobs run on the wall clock.
// SQLite here, PostgreSQL in test:pg.
let t: TestApp;
let userId: number;
const db = () => t.database.db;

let eventCount = 0;
async function fireEvent(channelIds: number[]) {
  eventCount += 1;
  const at = new Date().toISOString();
  const id = await insertNotification(db(), {
    user_id: userId,
    event_key: `ending_soon:stop-test:${eventCount}`,
    rule: 'ending_soon',
    farm_address: '0x00000000000000000000000000000000000000f1',
    wallet_address: '0x00000000000000000000000000000000000000a1',
    title: `WETH / USDC: rewards end in ${eventCount} hours`,
    body: 'Move or withdraw the stake before it earns nothing.',
    link: `${t.config.publicUrl}/quickswap/dual-mining/details/0xf1`,
    created_at: at,
    email_status: 'off',
  });
  await enqueueDeliveries(db(), userId, id!, channelIds, at);
}

beforeAll(async () => {
  t = await createTestApp({
    env: { ALERT_CHANNELS_ALLOW_LOOPBACK: 'true', ALERT_DELIVERY_TIMEOUT_MS: '1000' },
  });
  const { email } = await createConfirmedUser(t);
  userId = (await db().selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow())
    .id;
});
afterAll(() => t?.close());

describe('stopping the alert channel jobs', () => {
  it('claims nothing after stop: it waits for the sends in flight to time out, and the rest stay queued', async () => {
    const receiver = await startHungReceiver();
    try {
      const channelIds: number[] = [];
      for (const label of ['first hook', 'second hook']) {
        const row = await db()
          .insertInto('alert_channels')
          .values({
            user_id: userId,
            kind: 'webhook',
            label,
            status: 'active',
            target: receiver.url,
            url: receiver.url,
            secret: 'whsec_stop',
            created_at: new Date().toISOString(),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        channelIds.push(row.id);
      }
      for (let i = 0; i < 3; i++) await fireEvent(channelIds);
      const warnings: string[] = [];
      const jobs = startAlertChannelJobs({
        db: db(),
        config: t.config.alertChannels,
        publicUrl: t.config.publicUrl,
        logWarn: (_object, message) => warnings.push(message),
      });
      // One send in flight per channel (two lanes): stop while both hang at the receiver.
      await receiver.waitFor(2);
      await jobs.stop();
      expect(receiver.requests()).toBe(2);
      expect(warnings).toEqual([]);
      const rows = await db()
        .selectFrom('alert_deliveries')
        .selectAll()
        .where('channel_id', 'in', channelIds)
        .orderBy('id')
        .execute();
      expect(rows).toHaveLength(6);
      // The two in flight ended at the timeout and were recorded (a retry); none is left leased.
      const tried = rows.filter((r) => r.attempts === 1);
      expect(tried).toHaveLength(2);
      for (const row of tried) {
        expect(row).toMatchObject({
          status: 'pending',
          last_error: 'no answer within 1 s',
          lease_owner: null,
        });
      }
      expect(
        rows.filter((r) => r.attempts === 0 && r.status === 'pending' && r.lease_owner === null),
      ).toHaveLength(4);
      const channels = await db()
        .selectFrom('alert_channels')
        .select('sending_owner')
        .where('id', 'in', channelIds)
        .execute();
      expect(channels.map((c) => c.sending_owner)).toEqual([null, null]);
    } finally {
      await receiver.stop();
    }
  });
});
