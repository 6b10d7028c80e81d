import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addWaitlistSignup, findWaitlistSignups } from '../src/features/waitlist/repository.ts';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('waitlist repository', () => {
  it('stores a signup and keeps the first one for a repeated e-mail', async () => {
    await addWaitlistSignup(t.database.db, {
      email: 'repo@example.com',
      tokens: 'BTC, ETH',
      concern: 'rug pulls',
    });
    await addWaitlistSignup(t.database.db, { email: 'repo@example.com', tokens: 'DOGE' });
    const rows = await findWaitlistSignups(t.database.db, 'repo@example.com');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: 'repo@example.com', tokens: 'BTC, ETH', concern: 'rug pulls' });
    expect(typeof rows[0]!.id).toBe('number');
    expect(Number.isNaN(Date.parse(rows[0]!.created_at))).toBe(false);
  });

  it('stores empty optional fields as null', async () => {
    await addWaitlistSignup(t.database.db, { email: 'bare@example.com' });
    const [row] = await findWaitlistSignups(t.database.db, 'bare@example.com');
    expect(row).toMatchObject({ tokens: null, concern: null });
  });
});

describe('POST /api/internal/waitlist', () => {
  it('answers 201 {ok:true} and the same for a repeat, without a duplicate row', async () => {
    const first = await t.request({
      method: 'POST',
      url: '/api/internal/waitlist',
      payload: { email: 'Again@Example.com ', tokens: 'MATIC', concern: 'volatility' },
    });
    const second = await t.request({
      method: 'POST',
      url: '/api/internal/waitlist',
      payload: { email: 'again@example.com', tokens: 'other', concern: 'other' },
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ ok: true });
    expect(second.statusCode).toBe(201);
    expect(second.body).toBe(first.body);
    const rows = await findWaitlistSignups(t.database.db, 'again@example.com');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokens).toBe('MATIC');
  });
});

describe('POST /api/internal/contact', () => {
  it('stores the message', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/internal/contact',
      payload: { email: 'contact@example.com', concerns: 'fees', tokens: 'QUICK' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ ok: true });
    const rows = await t.database.db.selectFrom('contact_messages').selectAll().execute();
    expect(rows).toMatchObject([{ email: 'contact@example.com', concerns: 'fees', tokens: 'QUICK' }]);
  });
});
