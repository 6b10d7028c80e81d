import { movePriceAcrossRange } from '@tidewatch/testkit';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../src/core/mailer.ts';
import type { Scheduler } from '../src/jobs/scheduler.ts';
import { startScheduledSnapshots } from '../src/runtime.ts';
import { createV3User, startV3TrackingWorld, type V3TrackingWorld } from './v3-tracking-setup.ts';

// The scheduler as a process runs it (runtime.ts): on SQLite the V3 round in this process, on PostgreSQL
// (`npm run test:pg`) its batches through the pg-boss queue. A tracked position whose price left its range is
// snapshotted on its own and its 'out of range' alert is e-mailed, with no request from anyone.
let w: V3TrackingWorld;
let scheduler: Scheduler | undefined;
const warnings: string[] = [];

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
    const user = await createV3User(w, [wallet]);
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
    scheduler = await startScheduledSnapshots(
      {
        config: {
          ...testApp.config,
          snapshotIntervalMs: 5_000,
          databaseUrl: testApp.databaseUrl,
        },
        database: testApp.database,
        chain: w.t.chain,
        prices: w.prices,
      },
      { info() {}, warn: (_object, message) => warnings.push(message) },
      undefined,
      { mailer: createMailer({ smtpUrl: w.smtp.url, outboxDir: testApp.dataDir, logger: { info() {} } }) },
    );
    const mail = await w.smtp.waitForMessage((m) => m.subject.includes('out of range'), 45_000);
    expect(mail.to).toContain(user.email);
    expect(mail.subject).toContain(`#${inRange.tokenId}: out of range`);
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
});
