import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runRetention, runRetentionWhenDue } from '../src/jobs/retention.ts';
import { createFarmUser, type FarmsWorld, importWorldFarms, startFarmsWorld } from './farms-setup.ts';

// The retention job on a real database (SQLite here, PostgreSQL in `npm run test:pg`).
let w: FarmsWorld;
let userId: number;
let farmId: number;
const account = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const now = new Date('2027-06-01T12:00:00.000Z');
const dayMs = 86_400_000;
const hoursOfDay = [0, 6, 12, 18];

beforeAll(async () => {
  w = await startFarmsWorld();
  await importWorldFarms(w, ['wmaticUsdc']);
  ({ userId } = await createFarmUser(w));
  const db = w.testApp.database.db;
  farmId = (await db.selectFrom('farms').select('id').executeTakeFirstOrThrow()).id;
  await db.deleteFrom('position_snapshots').execute();
  // 400 days of a position, four snapshots a day, the newest on the day before `now`.
  const rows = [];
  for (let day = 1; day <= 400; day += 1) {
    const date = new Date(Date.UTC(2027, 5, 1) - day * dayMs);
    for (const hour of hoursOfDay) {
      const createdOn = new Date(date.getTime() + hour * 3_600_000).toISOString();
      rows.push({
        farm_id: farmId,
        account_address: account,
        staked: '1',
        earned_a: String(day),
        block_number: day * 10 + hour,
        created_on: createdOn,
      });
    }
  }
  for (let i = 0; i < rows.length; i += 200)
    await db
      .insertInto('position_snapshots')
      .values(rows.slice(i, i + 200))
      .execute();
}, 60_000);
afterAll(() => w?.close());

const positions = () =>
  w.testApp.database.db
    .selectFrom('position_snapshots')
    .select(['created_on'])
    .where('farm_id', '=', farmId)
    .orderBy('created_on')
    .execute()
    .then((rows) => rows.map((r) => r.created_on));

describe('retention', () => {
  it('keeps the last 30 days whole, the first and last of each day to a year, of each week before', async () => {
    const report = await runRetention(w.testApp.database.db, now);
    expect(report.thinned.position_snapshots).toBeGreaterThan(0);
    const kept = await positions();
    const dailyBefore = new Date(now.getTime() - 30 * dayMs).toISOString();
    const weeklyBefore = new Date(now.getTime() - 365 * dayMs).toISOString();
    // Everything of the last 30 days stays (30 days back from noon: 29 whole days and an afternoon).
    expect(kept.filter((t) => t >= dailyBefore)).toHaveLength(29 * hoursOfDay.length + 2);
    const byDay = new Map<string, string[]>();
    for (const t of kept.filter((t) => t < dailyBefore && t >= weeklyBefore)) {
      byDay.set(t.slice(0, 10), [...(byDay.get(t.slice(0, 10)) ?? []), t]);
    }
    for (const [day, times] of byDay) {
      // The boundary days keep their first and last snapshot on this side of the boundary.
      const isBoundary = dailyBefore.startsWith(day) || weeklyBefore.startsWith(day);
      if (!isBoundary) expect(times, day).toEqual([`${day}T00:00:00.000Z`, `${day}T18:00:00.000Z`]);
      else expect(times.length, day).toBeLessThanOrEqual(2);
    }
    expect(byDay.size).toBeGreaterThan(300);
    const byWeek = new Map<number, string[]>();
    for (const t of kept.filter((t) => t < weeklyBefore)) {
      const week = Math.floor(new Date(t).getTime() / (7 * dayMs));
      byWeek.set(week, [...(byWeek.get(week) ?? []), t]);
    }
    expect(byWeek.size).toBeGreaterThan(2);
    for (const times of byWeek.values()) expect(times.length).toBeLessThanOrEqual(2);
    // The oldest snapshot of all is a week's first: it stays.
    expect(kept[0]).toBe(new Date(Date.UTC(2027, 5, 1) - 400 * dayMs).toISOString());
    // A second run finds nothing more to thin.
    expect((await runRetention(w.testApp.database.db, now)).thinned.position_snapshots).toBe(0);
  });

  it('prunes expired tokens, nonces, revoked tokens, old throttle rows and abandoned imports, and nothing live', async () => {
    const db = w.testApp.database.db;
    const iso = (offsetDays: number) => new Date(now.getTime() + offsetDays * dayMs).toISOString();
    await db
      .insertInto('email_tokens')
      .values([
        {
          user_id: userId,
          purpose: 'confirm_email',
          token_hash: 'expired',
          expires_at: iso(-1),
          used_at: null,
          created_at: iso(-2),
        },
        {
          user_id: userId,
          purpose: 'confirm_email',
          token_hash: 'live',
          expires_at: iso(1),
          used_at: null,
          created_at: iso(0),
        },
      ])
      .execute();
    await db
      .insertInto('revoked_tokens')
      .values([
        { jti: 'old', expires_at: iso(-1) },
        { jti: 'live', expires_at: iso(1) },
      ])
      .execute();
    await db
      .insertInto('throttle_hits')
      .values([
        { scope: 'loginPerIp', key: '1.2.3.4', created_at: iso(-2) },
        { scope: 'loginPerIp', key: '1.2.3.4', created_at: iso(0) },
      ])
      .execute();
    // One open import per user (migration 018): the abandoned one and the live one belong to two users.
    const { id: otherUserId } = await db
      .insertInto('users')
      .values({ email: 'other-importer@example.com', password_hash: 'x', created_at: iso(-9) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const importRow = (state: string, updatedDaysAgo: number, owner = userId) => ({
      user_id: owner,
      variant: 'lp',
      state,
      previous_state: null,
      farm_address: null,
      data: '{}',
      pinned_block: null,
      created_at: iso(-updatedDaysAgo),
      updated_at: iso(-updatedDaysAgo),
    });
    await db
      .insertInto('farm_imports')
      .values([importRow('STARTED', 8), importRow('STARTED', 2, otherUserId), importRow('completed', 30)])
      .execute();
    const report = await runRetention(db, now);
    expect(report.pruned).toMatchObject({
      email_tokens: 1,
      revoked_tokens: 1,
      throttle_hits: 1,
      farm_imports: 1,
    });
    expect((await db.selectFrom('revoked_tokens').select('jti').execute()).map((r) => r.jti)).toEqual([
      'live',
    ]);
    expect(
      (await db.selectFrom('farm_imports').select('state').orderBy('id').execute()).map((r) => r.state),
    ).toEqual(['STARTED', 'completed']);
  });

  it('runs once a day whichever process asks', async () => {
    const db = w.testApp.database.db;
    const later = new Date(now.getTime() + 10 * dayMs);
    const [a, b] = await Promise.all([runRetentionWhenDue(db, later), runRetentionWhenDue(db, later)]);
    expect([a, b].filter((r) => r !== null)).toHaveLength(1);
    expect(await runRetentionWhenDue(db, new Date(later.getTime() + 3_600_000))).toBeNull();
    expect(await runRetentionWhenDue(db, new Date(later.getTime() + dayMs))).not.toBeNull();
  });
});
