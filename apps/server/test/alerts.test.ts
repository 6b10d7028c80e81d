import { type SmtpTestServer, startSmtpServer, swapExactIn } from '@tidewatch/testkit';
import { sql } from 'kysely';
import type { Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { v2FarmStake } from '../src/core/kinds/index.ts';
import { createMailer } from '../src/core/mailer.ts';
import { createSnapshotPipeline } from '../src/core/snapshots/pipeline.ts';
import { deliverAlertEmails } from '../src/features/alerts/deliver.ts';
import { evaluateAlerts } from '../src/features/alerts/index.ts';
import { createFarmUser, type FarmsWorld, importWorldFarms, startFarmsWorld } from './farms-setup.ts';

// Alerts on the local chain with the local SMTP server: each rule fires once for its event (also with two
// evaluations racing, as two workers would: on PostgreSQL in `npm run test:pg`), a digest groups several,
// unsubscribe stops one rule's e-mails only, the headers of RFC 8058 are there, SMTP down retries.
let w: FarmsWorld;
let smtp: SmtpTestServer;
let user: { token: string; userId: number };
const keys = ['dualWethWmatic', 'dualDquickUsdcPaused', 'quickWmaticEnded', 'wethUsdc'] as const;
const publicUrl = 'http://localhost:5173';
const db = () => w.testApp.database.db;
const secret = () => w.testApp.config.jwtSecret;
const wallet = () => w.t.world.accounts.user.address as Address;
let clock = new Date();

async function pairsOf(farmKeys: readonly (typeof keys)[number][]) {
  const rows = await db()
    .selectFrom('farms')
    .select(['id', 'address'])
    .where(
      'address',
      'in',
      farmKeys.map((k) => w.t.world.farms[k].address),
    )
    .execute();
  return rows.map((r) => ({ farmId: r.id, wallet: wallet() }));
}

/** Snapshots the pairs now, stamped with the test's clock (as a scheduled run would). */
async function snapshot(farmKeys: readonly (typeof keys)[number][]) {
  const pipeline = createSnapshotPipeline({
    db: db(),
    chain: w.t.chain,
    prices: w.prices,
    chainId: w.t.world.chainId,
    now: () => clock,
  });
  await pipeline.refreshSnapshots({ farms: farmKeys.map((k) => w.t.world.farms[k]), accounts: [wallet()] });
}

const evaluate = async (farmKeys: readonly (typeof keys)[number][]) =>
  evaluateAlerts(
    { db: db(), chainId: w.t.world.chainId, publicUrl, now: clock },
    v2FarmStake.alerts,
    await pairsOf(farmKeys),
  );
const deliver = (smtpUrl = smtp.url) =>
  deliverAlertEmails({
    db: db(),
    mailer: createMailer({ smtpUrl, outboxDir: w.testApp.dataDir, logger: { info() {} } }),
    publicUrl,
    secret: secret(),
    now: clock,
  });
const notifications = (userId = user.userId) =>
  db().selectFrom('notifications').selectAll().where('user_id', '=', userId).orderBy('id').execute();

beforeAll(async () => {
  smtp = await startSmtpServer();
  w = await startFarmsWorld();
  await importWorldFarms(w, [...keys]);
  user = await createFarmUser(w, [wallet()]);
  for (const key of keys) {
    const farm = w.t.world.farms[key];
    const url =
      farm.kind === 'lp' ? '/api/quickswap/track-farmable-pool' : '/api/quickswap/dual-mining/tracked-farm';
    await w.testApp.request({
      method: 'POST',
      url,
      token: user.token,
      payload: { farm_address: farm.address, wallet_address: wallet() },
    });
  }
  // 12 days on: the 14-day dual farms end within 72 hours; the short LP farm ended long ago.
  await w.t.anvil.increaseTime(12 * 86_400);
  clock = new Date((Number((await w.t.anvil.client.getBlock()).timestamp) + 60) * 1000);
}, 90_000);
afterAll(async () => {
  await w?.close();
  await smtp?.stop();
});

describe('alerts', () => {
  it('fires each rule once for its event, even with two evaluations racing', async () => {
    await snapshot(keys);
    const [first, second] = await Promise.all([evaluate(keys), evaluate(keys)]);
    const rows = await notifications();
    expect(first + second).toBe(rows.length);
    expect(rows.map((r) => `${r.rule}:${r.farm_address}`).sort()).toEqual(
      [
        `ending_soon:${w.t.world.farms.dualWethWmatic.address}`,
        `ending_soon:${w.t.world.farms.dualDquickUsdcPaused.address}`,
        `paused:${w.t.world.farms.dualDquickUsdcPaused.address}`,
        `ended_with_stake:${w.t.world.farms.quickWmaticEnded.address}`,
      ].sort(),
    );
    // The same state again: nothing new.
    expect(await evaluate(keys)).toBe(0);
    const ending = rows.find((r) => r.rule === 'ending_soon')!;
    expect(ending.title).toMatch(/rewards end in \d+ hours/);
    expect(ending.link).toBe(`${publicUrl}/quickswap/dual-mining/details/${ending.farm_address}`);
    const ended = rows.find((r) => r.rule === 'ended_with_stake')!;
    expect(ended.title).toMatch(/ended \d{4}-\d{2}-\d{2}, .*(staked|unclaimed)/);
    // Amounts as people read them: four decimals, or four significant digits below 1, not 18 decimals.
    for (const row of rows) {
      for (const [, whole, fraction] of `${row.title} ${row.body}`.matchAll(/(\d[\d,]*)\.(\d+)/g)) {
        expect(whole === '0' ? fraction!.replace(/^0+/, '').length : fraction!.length).toBeLessThanOrEqual(4);
      }
    }
  });

  it('sends one digest for the events of a run, with text, HTML and the unsubscribe headers', async () => {
    expect(await deliver()).toBe(1);
    const mail = await smtp.waitForMessage((m) => m.subject.includes('4 alerts'), 5_000);
    expect(mail.text).toContain('rewards end in');
    expect(mail.text).toContain(`${publicUrl}/quickswap/dual-mining/details/`);
    expect(mail.subject).toBe('Tidewatch: 4 alerts on your farms');
    expect(mail.text).toMatch(/^farm: http:\/\/localhost:5173\/quickswap\/dual-mining\/details\/0x/m);
    expect(mail.html).toContain('open the farm in Tidewatch');
    expect(
      String(mail.headers.get?.('list-unsubscribe') ?? mail.raw.match(/^List-Unsubscribe: (.+)$/im)?.[1]),
    ).toMatch(/^<http:\/\/localhost:5173\/api\/alerts\/unsubscribe\?/);
    expect(mail.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/im);
    expect(await deliver()).toBe(0);
    for (const row of await notifications()) expect(row.email_status).toBe('sent');
  });

  it('shows the events in the app, unread, and marks them read', async () => {
    const list = await w.testApp.request({ method: 'GET', url: '/api/notifications', token: user.token });
    expect(list.json().unread).toBe(4);
    // Every alert names its chain: in its title, and as the list's `chain` (issue 47).
    for (const item of list.json().items as { title: string; chain: string }[]) {
      expect(item.chain).toBe('Polygon');
      expect(item.title).toMatch(/ on Polygon: /);
    }
    const [newest] = list.json().items;
    const read = await w.testApp.request({
      method: 'POST',
      url: '/api/notifications/read',
      token: user.token,
      payload: { ids: [newest.id] },
    });
    expect(read.statusCode).toBe(204);
    const after = await w.testApp.request({ method: 'GET', url: '/api/notifications', token: user.token });
    expect(after.json().unread).toBe(3);
    expect(after.json().items[0].is_read).toBe(true);
  });

  it('stops one rule by its signed link only; a tampered link changes nothing', async () => {
    const mail = smtp.messages.find((m) => m.subject.includes('4 alerts'))!;
    const link = mail.text.match(/rewards end within 72 hours[^:]*: (http\S+)/)?.[1];
    expect(link).toBeDefined();
    const path = link!.replace(publicUrl, '');
    const tampered = await w.testApp.app.inject({
      method: 'POST',
      url: path.replace(/r=ending_soon/, 'r=paused'),
    });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.body).toContain('This unsubscribe link is not valid');
    const page = await w.testApp.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<form method="post"');
    // What a mail client's one-click unsubscribe sends (RFC 8058): no cookie, no login.
    const done = await w.testApp.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('You are unsubscribed');
    expect(done.body).toContain('<a href="/settings/alerts">alert settings</a>');
    const settings = (
      await w.testApp.request({ method: 'GET', url: '/api/alerts/settings', token: user.token })
    ).json();
    const ruleOf = (rule: string) =>
      settings.rules.find(
        (r: { rule: string; wallet_address: string | null }) => r.rule === rule && r.wallet_address === null,
      );
    expect(ruleOf('ending_soon')).toMatchObject({ is_enabled: true, email_enabled: false });
    expect(ruleOf('paused')).toMatchObject({ is_enabled: true, email_enabled: true });
    expect(settings.email_enabled).toBe(true);
  });

  it('fires on a 24-hour move past the threshold, and a low APR when asked; the stopped rule stays in the app', async () => {
    const second = await createFarmUser(w, [wallet()]);
    await w.testApp.request({
      method: 'POST',
      url: '/api/quickswap/track-farmable-pool',
      token: second.token,
      payload: { farm_address: w.t.world.farms.wethUsdc.address, wallet_address: wallet() },
    });
    const put = await w.testApp.request({
      method: 'PUT',
      url: '/api/alerts/settings',
      token: second.token,
      payload: {
        email_enabled: true,
        rules: [
          { rule: 'value_moved', is_enabled: true, threshold: 20 },
          { rule: 'apr_below', is_enabled: true, threshold: 100_000 },
        ],
      },
    });
    expect(put.statusCode).toBe(200);
    clock = new Date(clock.getTime() + 60_000);
    await snapshot(['wethUsdc']);
    // A large sale of WETH halves its price within the day.
    await swapExactIn(w.t.anvil, w.t.world, {
      pair: 'WETH-USDC',
      tokenIn: 'WETH',
      amountIn: 600n * 10n ** 18n,
    });
    clock = new Date(clock.getTime() + 25 * 3_600_000);
    await snapshot(['wethUsdc']);
    await evaluate(['wethUsdc']);
    const rules = (await notifications(second.userId)).map((r) => r.rule).sort();
    expect(rules).toEqual(['apr_below', 'value_moved']);
    const moved = (await notifications(second.userId)).find((r) => r.rule === 'value_moved')!;
    expect(moved.title).toMatch(/position -\d+\.\d% in 24 hours/);
    expect(moved.email_status).toBe('pending');
    // The first user stopped 'ending soon' e-mails: a new event of that rule stays in the app only.
    await sql`delete from notifications where user_id = ${user.userId} and rule = 'ending_soon'`.execute(
      db(),
    );
    await evaluate(['dualWethWmatic']);
    const again = (await notifications()).filter((r) => r.rule === 'ending_soon');
    expect(again).toHaveLength(1);
    expect(again[0]!.email_status).toBe('off');
  });

  it('keeps e-mails queued while SMTP is down and sends them later; the app has them at once', async () => {
    const before = smtp.messages.length;
    expect(await deliver('smtp://127.0.0.1:1')).toBe(0);
    const pending = await db()
      .selectFrom('notifications')
      .selectAll()
      .where('email_status', '=', 'pending')
      .execute();
    expect(pending.length).toBeGreaterThan(0);
    for (const row of pending) {
      expect(row.email_attempts).toBe(1);
      expect(new Date(row.email_next_at!).getTime()).toBe(clock.getTime() + 60_000);
      expect(row.email_error).toBeTruthy();
    }
    expect(await deliver()).toBe(0); // backing off
    clock = new Date(clock.getTime() + 61_000);
    expect(await deliver()).toBeGreaterThan(0);
    expect(smtp.messages.length).toBeGreaterThan(before);
  });

  it('refuses thresholds out of range, naming the field, and writes nothing', async () => {
    const response = await w.testApp.request({
      method: 'PUT',
      url: '/api/alerts/settings',
      token: user.token,
      payload: {
        email_enabled: false,
        rules: [
          { rule: 'paused', is_enabled: false },
          { rule: 'value_moved', is_enabled: true, threshold: 5_000 },
        ],
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details[0].field).toBe('body.rules.1.threshold');
    const settings = (
      await w.testApp.request({ method: 'GET', url: '/api/alerts/settings', token: user.token })
    ).json();
    expect(settings.email_enabled).toBe(true);
  });
});
